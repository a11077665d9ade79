// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "../utils/Vm.sol";
import {GetsToken} from "../../src/GetsToken.sol";
import {BadgeEscrow} from "../../src/BadgeEscrow.sol";
import {IBadgeEscrow} from "../../src/IBadgeEscrow.sol";

/// @notice Drives BadgeEscrow through random sequences of every sponsor, earner, admin and
/// anyone call, with time passing, and records ghost state the invariants check. Admin calls are
/// made by the platform admin or by a deputy whose ADMIN_ROLE the admin grants and revokes.
contract BadgeEscrowHandler is TestBase {
    BadgeEscrow public immutable badges;
    GetsToken public immutable token;
    address public immutable admin;
    address public immutable deputy = address(0xD3917);
    bytes32 public immutable ADMIN_ROLE;

    address[] public sponsors;
    address[] public earners;
    uint256[] public badgeIds;
    uint256[] public requestIds;

    /// @dev How many times each earner was paid for each badge; must never exceed 1.
    mapping(uint256 badgeId => mapping(address earner => uint256 count)) public paidCount;
    bool public paidTwice;
    bool public paidWrongAmount;
    uint256 public claims;
    /// @dev Whether the deputy should hold ADMIN_ROLE (grants and revokes that succeeded).
    bool public ghostDeputyIsAdmin;
    /// @dev An approve or ban by the deputy succeeded while it was not an admin.
    bool public nonAdminActed;
    /// @dev A claim succeeded on a request that was not Approved (e.g. Expired).
    bool public claimedUnapproved;
    /// @dev An earner got a second request on the same badge.
    bool public requestedTwice;
    mapping(uint256 badgeId => mapping(address earner => bool)) private _requested;
    /// @dev Releases that succeeded, and whether one was wrong: not Approved, within the claim
    /// window, moving tokens, or not freeing exactly one slot.
    uint256 public releases;
    bool public releasedWrongly;
    bool public releaseMovedTokens;
    /// @dev A claim of an Approved request within its claim window, while not paused, reverted:
    /// something (a delete, a ban, an expiry) took what the earner was owed.
    bool public approvedClaimRefused;

    constructor(BadgeEscrow badges_, GetsToken token_, address admin_) {
        badges = badges_;
        token = token_;
        admin = admin_;
        ADMIN_ROLE = badges_.ADMIN_ROLE();
        for (uint256 i = 0; i < 3; ++i) sponsors.push(address(uint160(0x5000 + i)));
        for (uint256 i = 0; i < 5; ++i) earners.push(address(uint160(0xE000 + i)));
    }

    function sponsorCount() external view returns (uint256) {
        return sponsors.length;
    }

    function earnerCount() external view returns (uint256) {
        return earners.length;
    }

    function badgeIdCount() external view returns (uint256) {
        return badgeIds.length;
    }

    function _badge(uint256 seed) private view returns (uint256) {
        if (badgeIds.length == 0) return 1;
        return badgeIds[seed % badgeIds.length];
    }

    /// @dev A badge in `status` when there is one (searching from a random start), else any badge:
    /// keeps the random walk moving forward through create → approve → request → claim.
    function _badgeIn(uint256 seed, IBadgeEscrow.BadgeStatus status) private view returns (uint256) {
        uint256 n = badgeIds.length;
        uint256 start = n == 0 ? 0 : seed % n; // reduced first: seed + i could overflow
        for (uint256 i = 0; i < n; ++i) {
            uint256 badgeId = badgeIds[(start + i) % n];
            if (badges.getBadge(badgeId).status == status) return badgeId;
        }
        return _badge(seed);
    }

    /// @dev A request in `status` when there is one, else any request (0 when there are none).
    function _requestIn(uint256 seed, IBadgeEscrow.RequestStatus status) private view returns (uint256) {
        uint256 n = requestIds.length;
        if (n == 0) return 0;
        uint256 start = seed % n; // reduced first: seed + i could overflow
        for (uint256 i = 0; i < n; ++i) {
            uint256 requestId = requestIds[(start + i) % n];
            if (badges.getRequest(requestId).status == status) return requestId;
        }
        return requestIds[seed % n];
    }

    function createBadge(uint256 sponsorSeed, uint256 tokensPerBadge, uint256 count, bool isPublic, uint256 expiry)
        external
    {
        address sponsor = sponsors[sponsorSeed % sponsors.length];
        tokensPerBadge = bound(tokensPerBadge, 1, 500 ether);
        count = bound(count, 1, 6);
        expiry = bound(expiry, 1 days, 40 days);
        vm.startPrank(sponsor);
        token.approve(address(badges), tokensPerBadge * count + badges.CREATION_FEE());
        try badges.createBadge(isPublic, tokensPerBadge, uint32(count), uint64(block.timestamp + expiry)) returns (
            uint256 badgeId
        ) {
            badgeIds.push(badgeId);
        } catch {}
        vm.stopPrank();
    }

    /// @dev The admin, or the deputy (admin or not) one time in three.
    function _adminActor(uint256 seed) private view returns (address) {
        return seed % 3 == 0 ? deputy : admin;
    }

    /// @dev Records an admin call's success by a caller that is not an admin.
    function _adminCallSucceeded(address caller) private {
        if (caller == deputy && !ghostDeputyIsAdmin) nonAdminActed = true;
    }

    /// @dev The admin (or the deputy, when it is an admin) grants or revokes the deputy's ADMIN_ROLE.
    function setDeputyAdmin(bool grant, bool byDeputy) external {
        address caller = byDeputy ? deputy : admin;
        vm.prank(caller);
        if (grant) {
            try badges.grantRole(ADMIN_ROLE, deputy) {
                ghostDeputyIsAdmin = true;
            } catch {}
        } else {
            try badges.revokeRole(ADMIN_ROLE, deputy) {
                ghostDeputyIsAdmin = false;
            } catch {}
        }
    }

    function approveBadge(uint256 badgeSeed, uint256 expiry, uint256 actorSeed) external {
        expiry = bound(expiry, 1 days, 30 days);
        uint256 badgeId = _badgeIn(badgeSeed, IBadgeEscrow.BadgeStatus.Pending);
        address caller = _adminActor(actorSeed);
        vm.prank(caller); // after every view call: a prank applies to the next call only
        try badges.approveBadge(badgeId, uint64(block.timestamp + expiry)) {
            _adminCallSucceeded(caller);
        } catch {}
    }

    function banBadge(uint256 badgeSeed, uint256 actorSeed) external {
        uint256 badgeId = _badge(badgeSeed);
        address caller = _adminActor(actorSeed);
        vm.prank(caller);
        try badges.banBadge(badgeId) {
            _adminCallSucceeded(caller);
        } catch {}
    }

    function deleteBadge(uint256 badgeSeed) external {
        uint256 badgeId = _badge(badgeSeed);
        vm.prank(badges.getBadge(badgeId).sponsor);
        try badges.deleteBadge(badgeId) {} catch {}
    }

    function removeUnapprovedBadge(uint256 badgeSeed) external {
        try badges.removeUnapprovedBadge(_badge(badgeSeed)) {} catch {}
    }

    function whitelistEarner(uint256 badgeSeed, uint256 earnerSeed) external {
        uint256 badgeId = _badgeIn(badgeSeed, IBadgeEscrow.BadgeStatus.Approved);
        address[] memory list = new address[](1);
        list[0] = earners[earnerSeed % earners.length];
        vm.prank(badges.getBadge(badgeId).sponsor);
        try badges.whitelistEarners(badgeId, list) {} catch {}
    }

    function requestBadge(uint256 badgeSeed, uint256 earnerSeed) external {
        uint256 badgeId = _badgeIn(badgeSeed, IBadgeEscrow.BadgeStatus.Approved);
        address earner = earners[earnerSeed % earners.length];
        vm.prank(earner);
        try badges.requestBadge(badgeId) returns (uint256 requestId) {
            requestIds.push(requestId);
            if (_requested[badgeId][earner]) requestedTwice = true;
            _requested[badgeId][earner] = true;
        } catch {}
    }

    function processRequest(uint256 requestSeed, bool approve) external {
        uint256 requestId = _requestIn(requestSeed, IBadgeEscrow.RequestStatus.Pending);
        if (requestId == 0) return;
        IBadgeEscrow.Request memory request = badges.getRequest(requestId);
        uint256[] memory ids = new uint256[](1);
        ids[0] = requestId;
        bool[] memory approvals = new bool[](1);
        approvals[0] = approve;
        vm.prank(badges.getBadge(request.badgeId).sponsor);
        try badges.processRequests(ids, approvals) {} catch {}
    }

    /// @dev Claims as the request's earner, including already claimed, rejected, lapsed and
    /// expired (released) requests, so a double payment would be attempted if one were possible.
    function claimBadge(uint256 requestSeed) external {
        // Three times in four an approved request, else any (claimed, rejected, lapsed...).
        uint256 requestId = requestSeed % 4 == 0
            ? _requestIn(requestSeed / 4, IBadgeEscrow.RequestStatus.None)
            : _requestIn(requestSeed / 4, IBadgeEscrow.RequestStatus.Approved);
        if (requestId == 0) return;
        IBadgeEscrow.Request memory request = badges.getRequest(requestId);
        uint256 reward = badges.getBadge(request.badgeId).tokensPerBadge;
        uint256 before = token.balanceOf(request.earner);
        bool owed = request.status == IBadgeEscrow.RequestStatus.Approved && block.timestamp <= request.claimDeadline
            && !badges.paused();
        vm.prank(request.earner);
        try badges.claimBadge(requestId) {
            ++claims;
            if (request.status != IBadgeEscrow.RequestStatus.Approved) claimedUnapproved = true;
            if (++paidCount[request.badgeId][request.earner] > 1) paidTwice = true;
            if (token.balanceOf(request.earner) != before + reward) paidWrongAmount = true;
        } catch {
            if (owed) approvedClaimRefused = true;
        }
    }

    /// @dev Anyone releases an approved request (else any request: claimed, expired, pending...),
    /// two times in three first warping just past its claim deadline (up to a day more).
    function releaseExpiredApprovals(uint256 requestSeed, uint256 extraSeconds, uint256 callerSeed) external {
        uint256 requestId = _requestIn(requestSeed / 3, IBadgeEscrow.RequestStatus.Approved);
        if (requestId == 0) return;
        IBadgeEscrow.Request memory request = badges.getRequest(requestId);
        if (requestSeed % 3 != 0 && block.timestamp <= request.claimDeadline) {
            vm.warp(uint256(request.claimDeadline) + 1 + bound(extraSeconds, 0, 1 days));
        }
        IBadgeEscrow.Badge memory badge = badges.getBadge(request.badgeId);
        uint256 balanceBefore = token.balanceOf(address(badges));
        uint256 sponsorBefore = token.balanceOf(badge.sponsor);
        uint256 approvedBefore = badge.approvedCount;
        // A closed badge awards nobody else: the lapsed reward goes back to its sponsor.
        uint256 refund = badge.status == IBadgeEscrow.BadgeStatus.Approved ? 0 : badge.tokensPerBadge;
        uint256[] memory ids = new uint256[](1);
        ids[0] = requestId;
        vm.prank(callerSeed % 2 == 0 ? request.earner : address(uint160(0xA11)));
        try badges.releaseExpiredApprovals(ids) {
            ++releases;
            if (request.status != IBadgeEscrow.RequestStatus.Approved) releasedWrongly = true;
            if (block.timestamp <= request.claimDeadline) releasedWrongly = true;
            if (approvedBefore != badges.getBadge(request.badgeId).approvedCount + 1) releasedWrongly = true;
            if (token.balanceOf(address(badges)) != balanceBefore - refund) releaseMovedTokens = true;
            if (token.balanceOf(badge.sponsor) != sponsorBefore + refund) releaseMovedTokens = true;
        } catch {}
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 2 days));
    }
}
