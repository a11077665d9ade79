// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "../utils/PlatformFixture.sol";
import {CommunityTreasure} from "../../src/CommunityTreasure.sol";
import {CommunityTreasureHandler} from "./CommunityTreasureHandler.sol";

contract CommunityTreasureInvariantTest is PlatformFixture {
    CommunityTreasureHandler private handler;

    function setUp() public override {
        super.setUp();
        handler = new CommunityTreasureHandler(treasure, token, settings, ADMIN_KEY);
        for (uint256 i = 0; i < handler.stakerCount(); ++i) _fund(handler.stakers(i), 100_000 ether);
        _fund(admin, 10_000 ether);
        _fund(handler.deputy(), 10_000 ether);
        handler.approveAll();
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function invariant_totalStakedEqualsOpenStakes() public view {
        uint256 open;
        uint256 count = treasure.stakeCount();
        for (uint256 id = 1; id <= count; ++id) {
            CommunityTreasure.Stake memory s = treasure.getStake(id);
            if (!s.withdrawn) open += s.amount;
        }
        vm.assertEq(treasure.totalStaked(), open);

        uint256 byStaker;
        for (uint256 i = 0; i < handler.stakerCount(); ++i) byStaker += treasure.stakedBalanceOf(handler.stakers(i));
        vm.assertEq(byStaker, open);
    }

    function invariant_stakesAlwaysRedeemable() public view {
        vm.assertEq(token.balanceOf(address(treasure)), treasure.totalStaked() + handler.ghostPool());
        vm.assertEq(treasure.treasuryBalance(), handler.ghostPool());
        vm.assertFalse(handler.adminTookStakes());
        vm.assertFalse(handler.permitMovedWrongAmount());
    }

    function invariant_noWithdrawalBeforeLockEnds() public view {
        vm.assertFalse(handler.withdrewBeforeUnlock());
    }

    function invariant_supplyUnchangedWithoutMint() public view {
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY);
    }

    /// Pool moves succeed only for ADMIN_ROLE holders; the deputy's role follows the grants.
    function invariant_onlyAdminsMovePool() public view {
        vm.assertFalse(handler.nonAdminMovedPool());
        vm.assertEq(treasure.hasRole(treasure.ADMIN_ROLE(), handler.deputy()), handler.ghostDeputyIsAdmin());
        vm.assertTrue(treasure.hasRole(treasure.ADMIN_ROLE(), admin));
    }
}
