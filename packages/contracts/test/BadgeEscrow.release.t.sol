// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {BadgeEscrowBase} from "./utils/BadgeEscrowBase.sol";
import {BadgeEscrow} from "../src/BadgeEscrow.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

/// @notice BadgeEscrow: approvals that lapsed unclaimed (releaseExpiredApprovals) and the final
/// Expired status they leave behind.
contract BadgeEscrowReleaseTest is BadgeEscrowBase {
    // ------------------------------------------------------------------ releaseExpiredApprovals

    function test_releaseExpiredApprovals_freesSlotAfterClaimDeadline() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        uint64 deadline = badges.getRequest(requestId).claimDeadline;
        vm.assertEq(deadline, block.timestamp + 10 days);
        vm.assertEq(badges.availableBadges(badgeId), 0);
        uint256 escrowBalance = token.balanceOf(address(badges));
        uint256 earnerBalance = token.balanceOf(earner);
        uint256 sponsorBalance = token.balanceOf(sponsor);
        vm.warp(deadline + 1);

        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(requestId, badgeId, earner, 0);
        _release(requestId);

        vm.assertEq(uint8(badges.getRequest(requestId).status), uint8(IBadgeEscrow.RequestStatus.Expired));
        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(badge.approvedCount, 0);
        vm.assertEq(badge.claimedCount, 0);
        vm.assertEq(badge.escrow, REWARD);
        vm.assertEq(uint8(badge.status), uint8(IBadgeEscrow.BadgeStatus.Approved));
        vm.assertEq(badges.availableBadges(badgeId), 1);
        vm.assertEq(token.balanceOf(address(badges)), escrowBalance);
        vm.assertEq(token.balanceOf(earner), earnerBalance);
        vm.assertEq(token.balanceOf(sponsor), sponsorBalance);
        vm.assertEq(token.balanceOf(stranger), 0);
    }

    function test_releaseExpiredApprovals_slotCanBeAwardedToAnotherEarner() public {
        (uint256 badgeId, uint256 first) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 10 days + 1);
        _release(first);
        uint256 second = _request(earner2, badgeId);
        _process(second, true);
        uint256 before = token.balanceOf(earner2);
        vm.prank(earner2);
        badges.claimBadge(second);

        vm.assertEq(token.balanceOf(earner2), before + REWARD);
        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(badge.approvedCount, 1);
        vm.assertEq(badge.claimedCount, 1);
        vm.assertEq(badge.escrow, 0);
        vm.assertEq(token.balanceOf(address(badges)), 0);
        vm.assertEq(uint8(badges.getRequest(first).status), uint8(IBadgeEscrow.RequestStatus.Expired));
    }

    function test_releaseExpiredApprovals_releasesManyInOneCall() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 3);
        uint256 a = _request(earner, badgeId);
        uint256 b = _request(earner2, badgeId);
        uint256 c = _request(stranger, badgeId);
        _process(a, true);
        _process(b, true);
        _process(c, true);
        vm.prank(stranger);
        badges.claimBadge(c);
        vm.warp(block.timestamp + 10 days + 1);
        uint256[] memory ids = new uint256[](2);
        ids[0] = a;
        ids[1] = b;

        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(a, badgeId, earner, 0);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(b, badgeId, earner2, 0);
        badges.releaseExpiredApprovals(ids);

        vm.assertEq(badges.getBadge(badgeId).approvedCount, 1);
        vm.assertEq(badges.getBadge(badgeId).escrow, 2 * REWARD);
        vm.assertEq(badges.availableBadges(badgeId), 2);
        vm.assertEq(uint8(badges.getRequest(c).status), uint8(IBadgeEscrow.RequestStatus.Claimed));
    }

    function test_releaseExpiredApprovals_usesTheSnapshottedClaimDeadline() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.prank(admin);
        settings.setClaimPeriod(30); // later changes do not move an approved request's deadline
        vm.warp(block.timestamp + 10 days + 1);
        _release(requestId);
        vm.assertEq(uint8(badges.getRequest(requestId).status), uint8(IBadgeEscrow.RequestStatus.Expired));
    }

    function test_releaseExpiredApprovals_worksThroughForwarder() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 10 days + 1);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(requestId, badgeId, earner, 0);
        _relay(EARNER2_KEY, address(badges), abi.encodeCall(BadgeEscrow.releaseExpiredApprovals, (_ids(requestId))));
        vm.assertEq(badges.availableBadges(badgeId), 1);
    }

    function test_releaseExpiredApprovals_onBannedBadgeRefundsTheLapsedRewardToTheSponsor() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 2);
        vm.prank(admin);
        badges.banBadge(badgeId); // the unapproved slot's reward went back; the approved one stays
        uint256 sponsorBalance = token.balanceOf(sponsor);
        uint256 earnerBalance = token.balanceOf(earner);
        vm.assertEq(token.balanceOf(address(badges)), REWARD);
        vm.warp(block.timestamp + 10 days + 1);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(requestId, badgeId, earner, REWARD);
        _release(requestId);
        vm.assertEq(uint8(badges.getRequest(requestId).status), uint8(IBadgeEscrow.RequestStatus.Expired));
        vm.assertEq(badges.getBadge(badgeId).approvedCount, 0);
        vm.assertEq(badges.getBadge(badgeId).escrow, 0);
        vm.assertEq(token.balanceOf(address(badges)), 0);
        vm.assertEq(token.balanceOf(sponsor), sponsorBalance + REWARD);
        vm.assertEq(token.balanceOf(earner), earnerBalance);
    }

    function test_releaseExpiredApprovals_onDeletedBadgeRefundsOnlyTheLapsedRewards() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 3);
        uint256 lapsed = _request(earner, badgeId);
        uint256 kept = _request(earner2, badgeId);
        _process(lapsed, true);
        vm.warp(block.timestamp + 5 days);
        _process(kept, true); // approved later: its claim window is still open
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(token.balanceOf(address(badges)), 2 * REWARD);
        vm.warp(block.timestamp + 5 days + 1);
        uint256 sponsorBalance = token.balanceOf(sponsor);
        _release(lapsed);
        vm.assertEq(token.balanceOf(sponsor), sponsorBalance + REWARD);
        vm.expectRevert(
            abi.encodeWithSelector(
                IBadgeEscrow.ClaimWindowOpen.selector, kept, badges.getRequest(kept).claimDeadline
            )
        );
        _release(kept);
        uint256 earnerBalance = token.balanceOf(earner2);
        vm.prank(earner2);
        badges.claimBadge(kept);
        vm.assertEq(token.balanceOf(earner2), earnerBalance + REWARD);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_releaseExpiredApprovals_thenDeleteRefundsTheReleasedReward() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 2);
        vm.warp(block.timestamp + 10 days + 1);
        _release(requestId);
        uint256 before = token.balanceOf(sponsor);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), before + 2 * REWARD);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_releaseExpiredApprovals_revertsWithinClaimWindow() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        uint64 deadline = uint64(block.timestamp + 10 days);
        vm.warp(deadline); // the last second the earner may still claim
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ClaimWindowOpen.selector, requestId, deadline));
        _release(requestId);
        vm.assertEq(uint8(badges.getRequest(requestId).status), uint8(IBadgeEscrow.RequestStatus.Approved));
    }

    function test_releaseExpiredApprovals_revertsOnUnknownRequest() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.RequestNotFound.selector, 7));
        _release(7);
    }

    function test_releaseExpiredApprovals_revertsOnPendingRequest() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        vm.warp(block.timestamp + 11 days);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Pending));
        _release(requestId);
    }

    function test_releaseExpiredApprovals_revertsOnRejectedRequest() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        _process(requestId, false);
        vm.warp(block.timestamp + 11 days);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Rejected));
        _release(requestId);
    }

    function test_releaseExpiredApprovals_revertsOnClaimedRequest() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.prank(earner);
        badges.claimBadge(requestId);
        vm.warp(block.timestamp + 11 days);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Claimed));
        _release(requestId);
        vm.assertEq(badges.getBadge(badgeId).approvedCount, 1);
    }

    function test_releaseExpiredApprovals_revertsWhenAlreadyExpired() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        _release(requestId);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Expired));
        _release(requestId);
        vm.assertEq(badges.getBadge(badgeId).approvedCount, 0);
    }

    function test_releaseExpiredApprovals_revertsOnDuplicateIdAndKeepsNothing() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        uint256[] memory ids = new uint256[](2);
        ids[0] = requestId;
        ids[1] = requestId;
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Expired));
        badges.releaseExpiredApprovals(ids);
        vm.assertEq(uint8(badges.getRequest(requestId).status), uint8(IBadgeEscrow.RequestStatus.Approved));
        vm.assertEq(badges.getBadge(badgeId).approvedCount, 1);
    }

    function test_releaseExpiredApprovals_revertsWholeCallWhenOneWindowIsOpen() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 2);
        uint256 lapsed = _request(earner, badgeId);
        uint256 open = _request(earner2, badgeId);
        _process(lapsed, true);
        vm.warp(block.timestamp + 5 days);
        _process(open, true);
        uint64 openDeadline = uint64(block.timestamp + 10 days);
        vm.warp(block.timestamp + 5 days + 1); // lapsed's window closed, open's still open
        uint256[] memory ids = new uint256[](2);
        ids[0] = lapsed;
        ids[1] = open;
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ClaimWindowOpen.selector, open, openDeadline));
        badges.releaseExpiredApprovals(ids);
        vm.assertEq(uint8(badges.getRequest(lapsed).status), uint8(IBadgeEscrow.RequestStatus.Approved));
        vm.assertEq(badges.getBadge(badgeId).approvedCount, 2);
    }

    function test_releaseExpiredApprovals_revertsWhenPaused() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        _release(requestId);
    }

    function test_claimBadge_revertsOnExpiredRequest() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        _release(requestId);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Expired));
        vm.prank(earner);
        badges.claimBadge(requestId);
    }

    function test_requestBadge_revertsAfterOwnApprovalExpired() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        _release(requestId);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.AlreadyRequested.selector, badgeId, earner, requestId));
        _request(earner, badgeId);
    }

    function test_processRequests_revertsOnExpiredRequest() public {
        (, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        _release(requestId);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Expired));
        _process(requestId, true);
    }

    function test_getRequest_statusNumbersUnchangedWithExpiredLast() public pure {
        vm.assertEq(uint8(IBadgeEscrow.RequestStatus.Pending), 1);
        vm.assertEq(uint8(IBadgeEscrow.RequestStatus.Approved), 2);
        vm.assertEq(uint8(IBadgeEscrow.RequestStatus.Rejected), 3);
        vm.assertEq(uint8(IBadgeEscrow.RequestStatus.Claimed), 4);
        vm.assertEq(uint8(IBadgeEscrow.RequestStatus.Expired), 5);
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_releaseExpiredApprovals_onlyAfterClaimDeadline(uint32 claimDays, uint256 wait) public {
        claimDays = uint32(bound(claimDays, 1, 3650));
        vm.prank(admin);
        settings.setClaimPeriod(claimDays);
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 1);
        uint64 deadline = uint64(block.timestamp + uint256(claimDays) * 1 days);
        wait = bound(wait, 0, uint256(claimDays) * 2 days);
        vm.warp(block.timestamp + wait);
        uint256 escrowBalance = token.balanceOf(address(badges));

        if (block.timestamp <= deadline) {
            vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ClaimWindowOpen.selector, requestId, deadline));
            _release(requestId);
            vm.prank(earner);
            badges.claimBadge(requestId); // still claimable
            vm.assertEq(token.balanceOf(address(badges)), escrowBalance - REWARD);
        } else {
            _release(requestId);
            vm.assertEq(badges.availableBadges(badgeId), 1);
            vm.assertEq(token.balanceOf(address(badges)), escrowBalance);
            vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Expired));
            vm.prank(earner);
            badges.claimBadge(requestId);
        }
    }

    function testFuzz_releaseExpiredApprovals_keepsUnpaidRewardsInEscrow(
        uint256 tokensPerBadge,
        uint8 count,
        uint8 claims
    ) public {
        tokensPerBadge = bound(tokensPerBadge, 1, 1_000 ether);
        count = uint8(bound(count, 1, 12));
        claims = uint8(bound(claims, 0, count));
        uint256 badgeId = _approvedBadge(true, tokensPerBadge, count);
        uint256[] memory lapsed = new uint256[](count - claims);
        for (uint256 i = 0; i < count; ++i) {
            address who = address(uint160(0xE000 + i));
            uint256 requestId = _request(who, badgeId);
            _process(requestId, true);
            if (i < claims) {
                vm.prank(who);
                badges.claimBadge(requestId);
            } else {
                lapsed[i - claims] = requestId;
            }
        }
        vm.warp(block.timestamp + 10 days + 1);
        badges.releaseExpiredApprovals(lapsed);

        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(badge.approvedCount, claims);
        vm.assertEq(badge.claimedCount, claims);
        vm.assertEq(badge.escrow, tokensPerBadge * (count - claims));
        vm.assertEq(token.balanceOf(address(badges)), tokensPerBadge * (count - claims));
        vm.assertEq(badges.availableBadges(badgeId), count - claims);
    }
}
