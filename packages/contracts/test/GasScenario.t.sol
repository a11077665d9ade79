// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {UserRegistry} from "../src/UserRegistry.sol";

/// @notice The platform's main calls, once each in a typical state, for `npm run gas`
/// (forge --gas-report over this contract only, so the figures are not skewed by revert tests).
contract GasScenarioTest is PlatformFixture {
    function test_gas_badgeLifecycle() public {
        uint256 badgeId = _approvedBadge(true, 25 ether, 5);
        uint256[] memory ids = new uint256[](5);
        bool[] memory approvals = new bool[](5);
        for (uint256 i = 0; i < 5; ++i) {
            ids[i] = _request(address(uint160(0xE000 + i)), badgeId);
            approvals[i] = true;
        }
        vm.prank(sponsor);
        badges.processRequests(ids, approvals);
        for (uint256 i = 0; i < 4; ++i) {
            vm.prank(address(uint160(0xE000 + i)));
            badges.claimBadge(ids[i]);
        }
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
    }

    function test_gas_privateBadgeAndBan() public {
        uint256 badgeId = _approvedBadge(false, 10 ether, 3);
        address[] memory earners = new address[](3);
        earners[0] = earner;
        earners[1] = earner2;
        earners[2] = stranger;
        vm.prank(sponsor);
        badges.whitelistEarners(badgeId, earners);
        _request(earner, badgeId);
        vm.prank(admin);
        badges.banBadge(badgeId);
    }

    function test_gas_unapprovedBadgeRemoved() public {
        uint256 badgeId = _createBadge(true, 10 ether, 3);
        vm.warp(block.timestamp + 11 days);
        badges.removeUnapprovedBadge(badgeId);
    }

    function test_gas_staking() public {
        vm.startPrank(earner);
        token.approve(address(treasure), 300 ether);
        uint256 first = treasure.stake(100 ether);
        treasure.stake(200 ether);
        vm.warp(block.timestamp + 30 days);
        treasure.withdraw(first);
        vm.stopPrank();
        vm.startPrank(admin);
        token.approve(address(treasure), 500 ether);
        treasure.depositTreasury(500 ether);
        treasure.withdrawTreasury(200 ether);
        vm.stopPrank();
    }

    function test_gas_settings() public {
        vm.startPrank(admin);
        settings.setClaimPeriod(14);
        settings.setApprovalPeriod(7);
        settings.setLockPeriod(60);
        vm.stopPrank();
    }

    function test_gas_forwardedBatchOfFiveRegistrations() public {
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](5);
        for (uint256 i = 0; i < 5; ++i) {
            requests[i] = _forwardRequest(0x1000 + i, address(registry), abi.encodeCall(UserRegistry.register, ()));
        }
        vm.prank(relayer);
        forwarder.executeBatch(requests, payable(relayer));
        _relay(EARNER_KEY, address(registry), abi.encodeCall(UserRegistry.register, ()));
        vm.prank(earner2);
        registry.register();
    }

    function test_gas_tokenTransfer() public {
        vm.prank(earner);
        token.transfer(earner2, 1 ether);
        vm.prank(admin);
        token.mint(treasury, 1 ether);
    }
}
