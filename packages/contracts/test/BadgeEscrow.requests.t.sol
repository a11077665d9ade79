// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {BadgeEscrowBase} from "./utils/BadgeEscrowBase.sol";
import {BadgeEscrow} from "../src/BadgeEscrow.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

/// @notice BadgeEscrow: earners' requests, from the private badge's whitelist (whitelistEarners) to
/// the request (requestBadge) and the sponsor's decision (processRequests).
contract BadgeEscrowRequestsTest is BadgeEscrowBase {
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

    // ------------------------------------------------------------------ fuzz

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
}
