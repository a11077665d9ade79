// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {BadgeEscrowBase} from "./utils/BadgeEscrowBase.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

/// @notice BadgeEscrow: the admin's review within the approval window (approveBadge), the removal
/// of a badge left unapproved after it (removeUnapprovedBadge), and the pause switch.
contract BadgeEscrowReviewTest is BadgeEscrowBase {
    // ------------------------------------------------------------------ approveBadge

    function test_approveBadge_paysFeeToTreasury() public {
        uint256 badgeId = _createBadge(true, REWARD, 2);
        uint256 treasuryBefore = token.balanceOf(treasury);
        uint64 expiry = uint64(block.timestamp + 20 days);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeApproved(badgeId, expiry, FEE);
        vm.prank(admin);
        badges.approveBadge(badgeId, expiry);

        vm.assertEq(uint8(_status(badgeId)), uint8(IBadgeEscrow.BadgeStatus.Approved));
        vm.assertEq(badges.getBadge(badgeId).expiryDate, expiry);
        vm.assertEq(badges.getBadge(badgeId).feeHeld, 0);
        vm.assertEq(token.balanceOf(treasury), treasuryBefore + FEE);
        vm.assertEq(token.balanceOf(address(badges)), 2 * REWARD);
    }

    function test_approveBadge_paysFeeToUpdatedTreasury() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.startPrank(admin);
        settings.setTreasury(stranger);
        badges.approveBadge(badgeId, uint64(block.timestamp + 1 days));
        vm.stopPrank();
        vm.assertEq(token.balanceOf(stranger), FEE);
    }

    function test_approveBadge_revertsForNonAdmin() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.expectRevert(_accessError(sponsor, ADMIN_ROLE));
        vm.prank(sponsor);
        badges.approveBadge(badgeId, uint64(block.timestamp + 1 days));
    }

    function test_approveBadge_revertsOnUnknownBadge() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeNotFound.selector, 99));
        vm.prank(admin);
        badges.approveBadge(99, uint64(block.timestamp + 1 days));
    }

    function test_approveBadge_revertsWhenAlreadyApproved() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Approved));
        vm.prank(admin);
        badges.approveBadge(badgeId, uint64(block.timestamp + 1 days));
    }

    function test_approveBadge_revertsAfterApprovalPeriod() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        uint64 deadline = uint64(block.timestamp + 10 days);
        vm.warp(deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ApprovalWindowClosed.selector, badgeId, deadline));
        vm.prank(admin);
        badges.approveBadge(badgeId, uint64(block.timestamp + 1 days));
    }

    function test_approveBadge_revertsOnPastExpiryDate() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.InvalidExpiry.selector, uint64(block.timestamp)));
        vm.prank(admin);
        badges.approveBadge(badgeId, uint64(block.timestamp));
    }

    // ------------------------------------------------------------------ removeUnapprovedBadge

    function test_removeUnapprovedBadge_refundsAfterApprovalPeriod() public {
        uint256 sponsorBefore = token.balanceOf(sponsor);
        uint256 badgeId = _createBadge(true, REWARD, 2);
        vm.warp(block.timestamp + 10 days + 1);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeRemoved(badgeId, 2 * REWARD + FEE);
        vm.prank(stranger); // anyone may trigger it; only the sponsor is paid
        badges.removeUnapprovedBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore);
        vm.assertEq(token.balanceOf(stranger), 0);
        vm.assertEq(uint8(_status(badgeId)), uint8(IBadgeEscrow.BadgeStatus.Removed));
    }

    function test_removeUnapprovedBadge_revertsWithinApprovalPeriod() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        uint64 deadline = uint64(block.timestamp + 10 days);
        vm.warp(deadline);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.ApprovalWindowOpen.selector, badgeId, deadline));
        badges.removeUnapprovedBadge(badgeId);
    }

    function test_removeUnapprovedBadge_revertsWhenApproved() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Approved));
        badges.removeUnapprovedBadge(badgeId);
    }

    function test_removeUnapprovedBadge_revertsOnUnknownBadge() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeNotFound.selector, 1));
        badges.removeUnapprovedBadge(1);
    }

    function test_removeUnapprovedBadge_revertsWhenPaused() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.warp(block.timestamp + 11 days);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        badges.removeUnapprovedBadge(badgeId);
    }

    // ------------------------------------------------------------------ pause / unpause

    function test_pause_blocksAndUnpauseRestores() public {
        vm.expectEmit(address(badges));
        emit Pausable.Paused(admin);
        _pause();
        vm.assertTrue(badges.paused());
        vm.prank(admin);
        badges.unpause();
        vm.assertFalse(badges.paused());
        _createBadge(true, REWARD, 1);
    }

    function test_pause_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(relayer, ADMIN_ROLE));
        vm.prank(relayer);
        badges.pause();
    }

    function test_pause_revertsWhenAlreadyPaused() public {
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        _pause();
    }

    function test_unpause_revertsForNonAdmin() public {
        _pause();
        vm.expectRevert(_accessError(sponsor, ADMIN_ROLE));
        vm.prank(sponsor);
        badges.unpause();
    }

    function test_unpause_revertsWhenNotPaused() public {
        vm.expectRevert(Pausable.ExpectedPause.selector);
        vm.prank(admin);
        badges.unpause();
    }
}
