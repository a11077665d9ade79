// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "../utils/PlatformFixture.sol";
import {BadgeEscrow} from "../../src/BadgeEscrow.sol";
import {BadgeEscrowHandler} from "./BadgeEscrowHandler.sol";

contract BadgeEscrowInvariantTest is PlatformFixture {
    BadgeEscrowHandler private handler;

    function setUp() public override {
        super.setUp();
        handler = new BadgeEscrowHandler(badges, token, admin);
        for (uint256 i = 0; i < handler.sponsorCount(); ++i) _fund(handler.sponsors(i), 1_000_000 ether);
    }

    /// @dev Read by forge: only the handler is called during invariant runs.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// GETS held by the badge contract = unpaid rewards + held fees of live badges; closed ones hold nothing.
    function invariant_balanceEqualsLiveEscrowAndFees() public view {
        uint256 liabilities;
        uint256 count = badges.badgeCount();
        for (uint256 id = 1; id <= count; ++id) {
            BadgeEscrow.Badge memory badge = badges.getBadge(id);
            bool live = badge.status == BadgeEscrow.BadgeStatus.Pending || badge.status == BadgeEscrow.BadgeStatus.Approved;
            if (live) {
                vm.assertEq(badge.escrow, badge.tokensPerBadge * (badge.numberOfBadges - badge.claimedCount));
                vm.assertEq(badge.feeHeld, badge.status == BadgeEscrow.BadgeStatus.Pending ? FEE : 0);
                liabilities += badge.escrow + badge.feeHeld;
            } else {
                vm.assertEq(badge.escrow + badge.feeHeld, 0);
            }
        }
        vm.assertEq(token.balanceOf(address(badges)), liabilities);
    }

    function invariant_noEarnerPaidTwice() public view {
        vm.assertFalse(handler.paidTwice());
        vm.assertFalse(handler.paidWrongAmount());
        vm.assertEq(badgeToken.totalMinted(), handler.claims());
    }

    function invariant_awardsNeverExceedBatch() public view {
        uint256 count = badges.badgeCount();
        for (uint256 id = 1; id <= count; ++id) {
            BadgeEscrow.Badge memory badge = badges.getBadge(id);
            vm.assertLe(badge.claimedCount, badge.approvedCount);
            vm.assertLe(badge.approvedCount, badge.numberOfBadges);
        }
    }

    function invariant_supplyUnchangedWithoutMint() public view {
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY);
    }
}
