// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {BadgeEscrowBase} from "./utils/BadgeEscrowBase.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

/// @notice BadgeEscrow: closing a badge, by the admin (banBadge) or its sponsor (deleteBadge): what
/// goes back to the sponsor and what stays in escrow for approved earners.
contract BadgeEscrowClosingTest is BadgeEscrowBase {
    // ------------------------------------------------------------------ banBadge

    function test_banBadge_pendingRefundsRewardsAndKeepsFee() public {
        uint256 badgeId = _createBadge(true, REWARD, 2);
        uint256 sponsorBefore = token.balanceOf(sponsor);
        uint256 treasuryBefore = token.balanceOf(treasury);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeBanned(badgeId, 2 * REWARD);
        vm.prank(admin);
        badges.banBadge(badgeId);

        vm.assertEq(uint8(_status(badgeId)), uint8(IBadgeEscrow.BadgeStatus.Banned));
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore + 2 * REWARD);
        vm.assertEq(token.balanceOf(treasury), treasuryBefore + FEE);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_banBadge_approvedRefundsUnpaidRewards() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 3);
        vm.prank(earner);
        badges.claimBadge(requestId);
        uint256 sponsorBefore = token.balanceOf(sponsor);
        vm.prank(admin);
        badges.banBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore + 2 * REWARD);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_banBadge_keepsTheRewardOfAnApprovedUnclaimedRequest() public {
        (uint256 badgeId, uint256 approved) = _approvedRequest(earner, REWARD, 3);
        uint256 claimed = _request(earner2, badgeId);
        _process(claimed, true);
        vm.prank(earner2);
        badges.claimBadge(claimed);
        uint256 sponsorBefore = token.balanceOf(sponsor);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeBanned(badgeId, REWARD); // the one slot nobody was approved for
        vm.prank(admin);
        badges.banBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore + REWARD);
        vm.assertEq(badges.getBadge(badgeId).escrow, REWARD);
        vm.assertEq(token.balanceOf(address(badges)), REWARD);

        uint256 earnerBefore = token.balanceOf(earner);
        vm.prank(earner);
        badges.claimBadge(approved);
        vm.assertEq(token.balanceOf(earner), earnerBefore + REWARD);
        vm.assertEq(badges.getBadge(badgeId).escrow, 0);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_banBadge_revertsForNonAdmin() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.expectRevert(_accessError(stranger, ADMIN_ROLE));
        vm.prank(stranger);
        badges.banBadge(badgeId);
    }

    function test_banBadge_revertsOnUnknownBadge() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeNotFound.selector, 5));
        vm.prank(admin);
        badges.banBadge(5);
    }

    function test_banBadge_revertsWhenAlreadyBanned() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.startPrank(admin);
        badges.banBadge(badgeId);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Banned));
        badges.banBadge(badgeId);
        vm.stopPrank();
    }

    // ------------------------------------------------------------------ deleteBadge

    function test_deleteBadge_pendingRefundsEscrowAndFee() public {
        uint256 sponsorBefore = token.balanceOf(sponsor);
        uint256 badgeId = _createBadge(false, REWARD, 4);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeDeleted(badgeId, 4 * REWARD + FEE);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore);
        vm.assertEq(uint8(_status(badgeId)), uint8(IBadgeEscrow.BadgeStatus.Deleted));
    }

    function test_deleteBadge_approvedRefundsOnlyUnpaidRewards() public {
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, REWARD, 3);
        vm.prank(earner);
        badges.claimBadge(requestId);
        uint256 sponsorBefore = token.balanceOf(sponsor);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeDeleted(badgeId, 2 * REWARD);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore + 2 * REWARD);
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }

    function test_deleteBadge_keepsTheRewardsOfApprovedUnclaimedRequests() public {
        // The issue's case: 2 x 7 GETS, one earner approved; the sponsor gets back only the other 7.
        (uint256 badgeId, uint256 requestId) = _approvedRequest(earner, 7 ether, 2);
        uint256 sponsorBefore = token.balanceOf(sponsor);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeDeleted(badgeId, 7 ether);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), sponsorBefore + 7 ether);
        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(uint8(badge.status), uint8(IBadgeEscrow.BadgeStatus.Deleted));
        vm.assertEq(badge.escrow, 7 ether);
        vm.assertEq(token.balanceOf(address(badges)), 7 ether);
    }

    function test_deleteBadge_refundsNothingWhenEverySlotIsApproved() public {
        (uint256 badgeId,) = _approvedRequest(earner, REWARD, 1);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeDeleted(badgeId, 0);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(badges.getBadge(badgeId).escrow, REWARD);
        vm.assertEq(token.balanceOf(address(badges)), REWARD);
    }

    function test_deleteBadge_leavesOtherBadgesEscrow() public {
        uint256 first = _createBadge(true, REWARD, 2);
        uint256 second = _createBadge(true, 3 ether, 5);
        vm.prank(sponsor);
        badges.deleteBadge(first);
        vm.assertEq(token.balanceOf(address(badges)), 15 ether + FEE);
        vm.assertEq(badges.getBadge(second).escrow, 15 ether);
    }

    function test_deleteBadge_revertsForNonSponsor() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NotSponsor.selector, badgeId, admin));
        vm.prank(admin);
        badges.deleteBadge(badgeId);
    }

    function test_deleteBadge_revertsOnUnknownBadge() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeNotFound.selector, 3));
        vm.prank(sponsor);
        badges.deleteBadge(3);
    }

    function test_deleteBadge_revertsWhenAlreadyDeleted() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.startPrank(sponsor);
        badges.deleteBadge(badgeId);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Deleted));
        badges.deleteBadge(badgeId);
        vm.stopPrank();
    }

    function test_deleteBadge_revertsWhenPaused() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_deleteBadge_refundsUnpaidAfterClaims(uint256 tokensPerBadge, uint8 count, uint8 claims) public {
        tokensPerBadge = bound(tokensPerBadge, 1, 1_000 ether);
        count = uint8(bound(count, 1, 12));
        claims = uint8(bound(claims, 0, count));
        uint256 badgeId = _approvedBadge(true, tokensPerBadge, count);
        for (uint256 i = 0; i < claims; ++i) {
            address who = address(uint160(0xE000 + i));
            uint256 requestId = _request(who, badgeId);
            _process(requestId, true);
            vm.prank(who);
            badges.claimBadge(requestId);
            vm.assertEq(token.balanceOf(who), tokensPerBadge);
        }
        uint256 before = token.balanceOf(sponsor);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.assertEq(token.balanceOf(sponsor), before + tokensPerBadge * (count - claims));
        vm.assertEq(token.balanceOf(address(badges)), 0);
    }
}
