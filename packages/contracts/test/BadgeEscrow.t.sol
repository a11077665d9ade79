// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {BadgeEscrow} from "../src/BadgeEscrow.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

contract BadgeEscrowTest is PlatformFixture {
    uint256 private constant REWARD = 25 ether;
    bytes32 private ADMIN_ROLE;

    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    function setUp() public override {
        super.setUp();
        ADMIN_ROLE = badges.ADMIN_ROLE();
    }

    function _status(uint256 badgeId) private view returns (IBadgeEscrow.BadgeStatus) {
        return badges.getBadge(badgeId).status;
    }

    function _statusError(uint256 badgeId, IBadgeEscrow.BadgeStatus status) private pure returns (bytes memory) {
        return abi.encodeWithSelector(IBadgeEscrow.UnexpectedBadgeStatus.selector, badgeId, status);
    }

    function _requestStatusError(uint256 requestId, IBadgeEscrow.RequestStatus status)
        private
        pure
        returns (bytes memory)
    {
        return abi.encodeWithSelector(IBadgeEscrow.UnexpectedRequestStatus.selector, requestId, status);
    }

    function _ids(uint256 requestId) private pure returns (uint256[] memory ids) {
        ids = new uint256[](1);
        ids[0] = requestId;
    }

    /// @dev Releases one request's approval as a stranger (anyone may).
    function _release(uint256 requestId) private {
        vm.prank(stranger);
        badges.releaseExpiredApprovals(_ids(requestId));
    }

    function _pause() private {
        vm.prank(admin);
        badges.pause();
    }

    function _permit(uint256 value) private view returns (uint256 deadline, uint8 v, bytes32 r, bytes32 s) {
        deadline = block.timestamp + 1 hours;
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, sponsor, address(badges), value, token.nonces(sponsor), deadline));
        (v, r, s) = vm.sign(SPONSOR_KEY, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    // ------------------------------------------------------------------ constructor / views

    function test_constructor_wiresTokenSettingsAndBadgeToken() public view {
        vm.assertEq(address(badges.token()), address(token));
        vm.assertEq(address(badges.settings()), address(settings));
        vm.assertEq(badgeToken.minter(), address(badges));
        vm.assertEq(badges.CREATION_FEE(), 9 ether);
        vm.assertTrue(badges.hasRole(ADMIN_ROLE, admin));
        vm.assertEq(badges.badgeCount(), 0);
        vm.assertEq(badges.requestCount(), 0);
    }

    // ------------------------------------------------------------------ createBadge

    function test_createBadge_escrowsRewardsAndFee() public {
        uint64 expiry = uint64(block.timestamp + 30 days);
        vm.startPrank(sponsor);
        token.approve(address(badges), 3 * REWARD + FEE);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeCreated(1, sponsor, true, REWARD, 3, expiry, uint64(block.timestamp + 10 days));
        uint256 badgeId = badges.createBadge(true, REWARD, 3, expiry);
        vm.stopPrank();

        vm.assertEq(badgeId, 1);
        vm.assertEq(token.balanceOf(address(badges)), 3 * REWARD + FEE);
        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(badge.sponsor, sponsor);
        vm.assertEq(uint8(badge.status), uint8(IBadgeEscrow.BadgeStatus.Pending));
        vm.assertTrue(badge.isPublic);
        vm.assertEq(badge.escrow, 3 * REWARD);
        vm.assertEq(badge.feeHeld, FEE);
        vm.assertEq(badge.numberOfBadges, 3);
        vm.assertEq(badges.availableBadges(badgeId), 3);
        vm.assertEq(badges.badgeCount(), 1);
    }

    function test_createBadge_revertsOnZeroTokens() public {
        vm.expectRevert(IBadgeEscrow.InvalidBadgeAmount.selector);
        vm.prank(sponsor);
        badges.createBadge(true, 0, 3, uint64(block.timestamp + 1 days));
    }

    function test_createBadge_revertsOnZeroCount() public {
        vm.expectRevert(IBadgeEscrow.InvalidBadgeAmount.selector);
        vm.prank(sponsor);
        badges.createBadge(true, REWARD, 0, uint64(block.timestamp + 1 days));
    }

    function test_createBadge_revertsOnPastExpiry() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.InvalidExpiry.selector, uint64(block.timestamp)));
        vm.prank(sponsor);
        badges.createBadge(true, REWARD, 1, uint64(block.timestamp));
    }

    function test_createBadge_revertsWithoutAllowance() public {
        vm.expectRevert(
            abi.encodeWithSignature(
                "ERC20InsufficientAllowance(address,uint256,uint256)", address(badges), 0, REWARD + FEE
            )
        );
        vm.prank(sponsor);
        badges.createBadge(true, REWARD, 1, uint64(block.timestamp + 1 days));
    }

    function test_createBadge_revertsWhenPaused() public {
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(sponsor);
        badges.createBadge(true, REWARD, 1, uint64(block.timestamp + 1 days));
    }

    function test_createBadge_worksThroughForwarder() public {
        vm.prank(sponsor);
        token.approve(address(badges), REWARD + FEE);
        bytes memory data = abi.encodeCall(BadgeEscrow.createBadge, (false, REWARD, 1, uint64(block.timestamp + 1 days)));
        _relay(SPONSOR_KEY, address(badges), data);
        vm.assertEq(badges.getBadge(1).sponsor, sponsor);
    }

    // ------------------------------------------------------------------ createBadgeWithPermit

    function test_createBadgeWithPermit_needsNoPriorApproval() public {
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) = _permit(2 * REWARD + FEE);
        vm.prank(sponsor);
        uint256 badgeId = badges.createBadgeWithPermit(
            true, REWARD, 2, uint64(block.timestamp + 1 days), 2 * REWARD + FEE, deadline, v, r, s
        );
        vm.assertEq(badges.getBadge(badgeId).escrow, 2 * REWARD);
        vm.assertEq(token.balanceOf(address(badges)), 2 * REWARD + FEE);
        vm.assertEq(token.allowance(sponsor, address(badges)), 0);
    }

    function test_createBadgeWithPermit_survivesFrontRunPermit() public {
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) = _permit(REWARD + FEE);
        token.permit(sponsor, address(badges), REWARD + FEE, deadline, v, r, s); // someone used it first
        vm.prank(sponsor);
        uint256 badgeId =
            badges.createBadgeWithPermit(true, REWARD, 1, uint64(block.timestamp + 1 days), REWARD + FEE, deadline, v, r, s);
        vm.assertEq(badgeId, 1);
    }

    function test_createBadgeWithPermit_revertsOnBadPermitWithoutAllowance() public {
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) = _permit(REWARD + FEE);
        vm.expectRevert(
            abi.encodeWithSignature(
                "ERC20InsufficientAllowance(address,uint256,uint256)", address(badges), 0, REWARD + FEE
            )
        );
        vm.prank(sponsor);
        badges.createBadgeWithPermit(
            true, REWARD, 1, uint64(block.timestamp + 1 days), REWARD + FEE + 1, deadline, v, r, s
        );
    }

    function test_createBadgeWithPermit_revertsOnInvalidAmount() public {
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) = _permit(FEE);
        vm.expectRevert(IBadgeEscrow.InvalidBadgeAmount.selector);
        vm.prank(sponsor);
        badges.createBadgeWithPermit(true, 0, 1, uint64(block.timestamp + 1 days), FEE, deadline, v, r, s);
    }

    function test_createBadgeWithPermit_revertsWhenPaused() public {
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) = _permit(REWARD + FEE);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(sponsor);
        badges.createBadgeWithPermit(true, REWARD, 1, uint64(block.timestamp + 1 days), REWARD + FEE, deadline, v, r, s);
    }

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

    // ------------------------------------------------------------------ whitelistEarners

    function test_whitelistEarners_allowsPrivateRequests() public {
        uint256 badgeId = _approvedBadge(false, REWARD, 2);
        address[] memory earners = new address[](2);
        earners[0] = earner;
        earners[1] = earner2;
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.EarnerWhitelisted(badgeId, earner);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.EarnerWhitelisted(badgeId, earner2);
        vm.prank(sponsor);
        badges.whitelistEarners(badgeId, earners);
        vm.assertTrue(badges.isWhitelisted(badgeId, earner2));
        vm.assertFalse(badges.isWhitelisted(badgeId, stranger));
        vm.assertEq(_request(earner, badgeId), 1);
    }

    function test_whitelistEarners_revertsForNonSponsor() public {
        uint256 badgeId = _approvedBadge(false, REWARD, 1);
        address[] memory earners = new address[](1);
        earners[0] = earner;
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NotSponsor.selector, badgeId, earner));
        vm.prank(earner);
        badges.whitelistEarners(badgeId, earners);
    }

    function test_whitelistEarners_revertsOnPublicBadge() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeIsPublic.selector, badgeId));
        vm.prank(sponsor);
        badges.whitelistEarners(badgeId, new address[](0));
    }

    function test_whitelistEarners_revertsOnClosedBadge() public {
        uint256 badgeId = _createBadge(false, REWARD, 1);
        vm.prank(admin);
        badges.banBadge(badgeId);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Banned));
        vm.prank(sponsor);
        badges.whitelistEarners(badgeId, new address[](0));
    }

    function test_whitelistEarners_revertsOnUnknownBadge() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeNotFound.selector, 4));
        vm.prank(sponsor);
        badges.whitelistEarners(4, new address[](0));
    }

    function test_whitelistEarners_revertsWhenPaused() public {
        uint256 badgeId = _createBadge(false, REWARD, 1);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(sponsor);
        badges.whitelistEarners(badgeId, new address[](0));
    }

    // ------------------------------------------------------------------ requestBadge

    function test_requestBadge_recordsPendingRequest() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeRequested(1, badgeId, earner);
        uint256 requestId = _request(earner, badgeId);
        vm.assertEq(requestId, 1);
        IBadgeEscrow.Request memory request = badges.getRequest(requestId);
        vm.assertEq(request.earner, earner);
        vm.assertEq(request.badgeId, badgeId);
        vm.assertEq(uint8(request.status), uint8(IBadgeEscrow.RequestStatus.Pending));
        vm.assertEq(badges.requestIdOf(badgeId, earner), 1);
        vm.assertEq(badges.requestCount(), 1);
    }

    function test_requestBadge_worksThroughForwarder() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        _relay(EARNER_KEY, address(badges), abi.encodeCall(BadgeEscrow.requestBadge, (badgeId)));
        vm.assertEq(badges.getRequest(1).earner, earner);
    }

    function test_requestBadge_revertsOnUnknownBadge() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeNotFound.selector, 8));
        _request(earner, 8);
    }

    function test_requestBadge_revertsOnPendingBadge() public {
        uint256 badgeId = _createBadge(true, REWARD, 1);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Pending));
        _request(earner, badgeId);
    }

    function test_requestBadge_revertsOnBannedBadge() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        vm.prank(admin);
        badges.banBadge(badgeId);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeIsBanned.selector, badgeId));
        _request(earner, badgeId);
    }

    function test_requestBadge_revertsAfterBatchExpiry() public {
        vm.startPrank(sponsor);
        token.approve(address(badges), REWARD + FEE);
        uint256 badgeId = badges.createBadge(true, REWARD, 1, uint64(block.timestamp + 2 days));
        vm.stopPrank();
        vm.prank(admin);
        badges.approveBadge(badgeId, uint64(block.timestamp + 20 days));
        vm.warp(block.timestamp + 2 days);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeExpired.selector, badgeId));
        _request(earner, badgeId);
    }

    function test_requestBadge_revertsAfterApprovedExpiryDate() public {
        uint256 badgeId = _createBadge(true, REWARD, 1); // batch expiry in 30 days
        vm.prank(admin);
        badges.approveBadge(badgeId, uint64(block.timestamp + 5 days));
        vm.warp(block.timestamp + 5 days);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeExpired.selector, badgeId));
        _request(earner, badgeId);
    }

    function test_requestBadge_revertsWhenNoneRemain() public {
        (uint256 badgeId,) = _approvedRequest(earner, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NoBadgesLeft.selector, badgeId));
        _request(earner2, badgeId);
    }

    function test_requestBadge_revertsForSponsor() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.SponsorCannotRequest.selector, badgeId));
        _request(sponsor, badgeId);
    }

    function test_requestBadge_revertsWhenNotWhitelisted() public {
        uint256 badgeId = _approvedBadge(false, REWARD, 1);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NotWhitelisted.selector, badgeId, earner));
        _request(earner, badgeId);
    }

    function test_requestBadge_revertsOnSecondRequest() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 2);
        uint256 requestId = _request(earner, badgeId);
        _process(requestId, false); // even after a rejection: once per earner
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.AlreadyRequested.selector, badgeId, earner, requestId));
        _request(earner, badgeId);
    }

    function test_requestBadge_revertsWhenPaused() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        _request(earner, badgeId);
    }

    // ------------------------------------------------------------------ processRequests

    function test_processRequests_approvesAndRejectsInOneBatch() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 2);
        uint256 first = _request(earner, badgeId);
        uint256 second = _request(earner2, badgeId);
        uint256[] memory ids = new uint256[](2);
        ids[0] = first;
        ids[1] = second;
        bool[] memory approvals = new bool[](2);
        approvals[0] = true;
        uint64 claimDeadline = uint64(block.timestamp + 10 days);

        vm.expectEmit(address(badges));
        emit IBadgeEscrow.RequestApproved(first, badgeId, earner, claimDeadline);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.RequestRejected(second, badgeId, earner2);
        vm.prank(sponsor);
        badges.processRequests(ids, approvals);

        vm.assertEq(uint8(badges.getRequest(first).status), uint8(IBadgeEscrow.RequestStatus.Approved));
        vm.assertEq(badges.getRequest(first).claimDeadline, claimDeadline);
        vm.assertEq(uint8(badges.getRequest(second).status), uint8(IBadgeEscrow.RequestStatus.Rejected));
        vm.assertEq(badges.availableBadges(badgeId), 1);
    }

    function test_processRequests_revertsOnLengthMismatch() public {
        vm.expectRevert(IBadgeEscrow.LengthMismatch.selector);
        vm.prank(sponsor);
        badges.processRequests(new uint256[](1), new bool[](2));
    }

    function test_processRequests_revertsOnUnknownRequest() public {
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.RequestNotFound.selector, 0));
        vm.prank(sponsor);
        badges.processRequests(new uint256[](1), new bool[](1));
    }

    function test_processRequests_revertsForNonSponsor() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        uint256[] memory ids = new uint256[](1);
        ids[0] = requestId;
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NotSponsor.selector, badgeId, earner));
        vm.prank(earner);
        badges.processRequests(ids, new bool[](1));
    }

    function test_processRequests_revertsWhenAlreadyProcessed() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 2);
        uint256 requestId = _request(earner, badgeId);
        _process(requestId, true);
        vm.expectRevert(_requestStatusError(requestId, IBadgeEscrow.RequestStatus.Approved));
        _process(requestId, true);
    }

    function test_processRequests_revertsWhenNoneRemain() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 first = _request(earner, badgeId);
        uint256 second = _request(earner2, badgeId);
        _process(first, true);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NoBadgesLeft.selector, badgeId));
        _process(second, true);
    }

    function test_processRequests_revertsOnBannedBadge() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        vm.prank(admin);
        badges.banBadge(badgeId);
        vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.BadgeIsBanned.selector, badgeId));
        _process(requestId, true);
    }

    function test_processRequests_revertsOnDeletedBadge() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        vm.expectRevert(_statusError(badgeId, IBadgeEscrow.BadgeStatus.Deleted));
        _process(requestId, false);
    }

    function test_processRequests_revertsWhenPaused() public {
        uint256 badgeId = _approvedBadge(true, REWARD, 1);
        uint256 requestId = _request(earner, badgeId);
        _pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        _process(requestId, true);
    }

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

    function test_availableBadges_isZeroForUnknownBadge() public view {
        vm.assertEq(badges.availableBadges(42), 0);
        vm.assertEq(uint8(badges.getBadge(42).status), uint8(IBadgeEscrow.BadgeStatus.None));
        vm.assertEq(uint8(badges.getRequest(42).status), uint8(IBadgeEscrow.RequestStatus.None));
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_createBadge_escrowsExactly(uint256 tokensPerBadge, uint32 count) public {
        tokensPerBadge = bound(tokensPerBadge, 1, 1_000 ether);
        count = uint32(bound(count, 1, 900));
        uint256 total = tokensPerBadge * count + FEE;
        uint256 before = token.balanceOf(sponsor);
        uint256 badgeId = _createBadge(true, tokensPerBadge, count);
        vm.assertEq(token.balanceOf(sponsor), before - total);
        vm.assertEq(token.balanceOf(address(badges)), total);
        vm.assertEq(badges.getBadge(badgeId).escrow, tokensPerBadge * count);
    }

    function testFuzz_createBadge_revertsWhenSponsorLacksFunds(uint256 tokensPerBadge, uint32 count) public {
        count = uint32(bound(count, 1, type(uint32).max));
        tokensPerBadge = bound(tokensPerBadge, 1_000_000 ether / count + 1, 1e30);
        vm.startPrank(sponsor);
        token.approve(address(badges), type(uint256).max);
        vm.expectRevert();
        badges.createBadge(true, tokensPerBadge, count, uint64(block.timestamp + 1 days));
        vm.stopPrank();
    }

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

    function testFuzz_processRequests_neverApprovesMoreThanCount(uint8 count, uint8 requests) public {
        count = uint8(bound(count, 1, 10));
        requests = uint8(bound(requests, 1, 20));
        uint256 badgeId = _approvedBadge(true, 1 ether, count);
        uint256 approved;
        for (uint256 i = 0; i < requests; ++i) {
            address who = address(uint160(0xF000 + i));
            if (badges.availableBadges(badgeId) == 0) {
                vm.expectRevert(abi.encodeWithSelector(IBadgeEscrow.NoBadgesLeft.selector, badgeId));
                _request(who, badgeId);
                continue;
            }
            _process(_request(who, badgeId), true);
            ++approved;
        }
        vm.assertLe(approved, count);
        vm.assertEq(badges.getBadge(badgeId).approvedCount, approved);
    }

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
