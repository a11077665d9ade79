// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {BadgeEscrowBase} from "./utils/BadgeEscrowBase.sol";
import {BadgeEscrow} from "../src/BadgeEscrow.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

/// @notice BadgeEscrow: claiming an approved request (claimBadge): the badge token and the reward,
/// within the claim window, also after the badge was banned or deleted.
contract BadgeEscrowClaimsTest is BadgeEscrowBase {
    // ------------------------------------------------------------------ claimBadge

    function test_claimBadge_mintsBadgeAndPaysReward() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 2);
        uint256 before = token.balanceOf(earner);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeClaimed(requestId, badgeId, earner, 1, REWARD);
        vm.prank(earner);
        uint256 tokenId = badges.claimBadge(requestId);

        vm.assertEq(tokenId, 1);
        vm.assertEq(badgeToken.ownerOf(tokenId), earner);
        vm.assertEq(badgeToken.badgeOf(tokenId), badgeId);
        vm.assertEq(token.balanceOf(earner), before + REWARD);
        vm.assertEq(badges.getBadge(badgeId).escrow, REWARD);
        vm.assertEq(badges.getBadge(badgeId).claimedCount, 1);
        vm.assertEq(uint8(badges.getRequest(requestId).status), uint8(IBadgeEscrow.RequestStatus.Claimed));
    }

    function test_claimBadge_worksOnLastDayOfClaimPeriod() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 10 days);
        vm.prank(earner);
        badges.claimBadge(requestId);
    }

    function test_claimBadge_worksThroughForwarder() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        _relay(EARNER_KEY, address(badges), abi.encodeCall(BadgeEscrow.claimBadge, (requestId)));
        vm.assertEq(badgeToken.ownerOf(1), earner);
        vm.assertEq(token.balanceOf(relayer), 0);
    }

    function test_claimBadge_revertsOnSecondClaim() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 2);
        vm.startPrank(earner);
        badges.claimBadge(requestId);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Claimed));
        badges.claimBadge(requestId);
        vm.stopPrank();
    }

    function test_claimBadge_revertsOnUnknownRequest() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.RequestNotFound.selector, 1));
        vm.prank(earner);
        badges.claimBadge(1);
    }

    function test_claimBadge_revertsForOtherAccount() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NotRequestEarner.selector, requestId, earner2));
        vm.prank(earner2);
        badges.claimBadge(requestId);
    }

    function test_claimBadge_revertsOnPendingRequest() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Pending));
        vm.prank(earner);
        badges.claimBadge(requestId);
    }

    function test_claimBadge_revertsOnRejectedRequest() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        _process(requestId, false);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Rejected));
        vm.prank(earner);
        badges.claimBadge(requestId);
    }

    function test_claimBadge_paysAfterTheBadgeWasBanned() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.prank(admin);
        badges.banBadge(badgeId);
        uint256 before = token.balanceOf(earner);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeClaimed(requestId, badgeId, earner, 1, REWARD);
        vm.prank(earner);
        badges.claimBadge(requestId);
        vm.assertEq(token.balanceOf(earner), before + REWARD);
        vm.assertEq(badgeToken.ownerOf(1), earner);
    }

    function test_claimBadge_paysAfterTheBadgeWasDeleted() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        uint256 before = token.balanceOf(earner);
        vm.prank(earner);
        badges.claimBadge(requestId);
        vm.assertEq(token.balanceOf(earner), before + REWARD);
        vm.assertEq(badges.getBadge(badgeId).claimedCount, 1);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_claimBadge_revertsOnDeletedBadgeAfterClaimPeriod() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        uint64 deadline = badges.getRequest(requestId).claimDeadline;
        vm.warp(deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ClaimWindowClosed.selector, requestId, deadline));
        vm.prank(earner);
        badges.claimBadge(requestId);
    }

    function test_claimBadge_revertsAfterClaimPeriod() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        uint64 deadline = uint64(block.timestamp + 10 days);
        vm.warp(deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ClaimWindowClosed.selector, requestId, deadline));
        vm.prank(earner);
        badges.claimBadge(requestId);
    }

    function test_claimBadge_revertsWhenPaused() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(earner);
        badges.claimBadge(requestId);
    }
}
