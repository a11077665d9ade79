// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "../utils/Vm.sol";
import {GetsToken} from "../../src/GetsToken.sol";
import {BadgeEscrow} from "../../src/BadgeEscrow.sol";

/// @notice Drives BadgeEscrow through random sequences of every sponsor, earner, admin and
/// anyone call, with time passing, and records ghost state the invariants check.
contract BadgeEscrowHandler is TestBase {
    BadgeEscrow public immutable badges;
    GetsToken public immutable token;
    address public immutable admin;

    address[] public sponsors;
    address[] public earners;
    uint256[] public badgeIds;
    uint256[] public requestIds;

    /// @dev How many times each earner was paid for each badge; must never exceed 1.
    mapping(uint256 badgeId => mapping(address earner => uint256 count)) public paidCount;
    bool public paidTwice;
    bool public paidWrongAmount;
    uint256 public claims;

    constructor(BadgeEscrow badges_, GetsToken token_, address admin_) {
        badges = badges_;
        token = token_;
        admin = admin_;
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
    function _badgeIn(uint256 seed, BadgeEscrow.BadgeStatus status) private view returns (uint256) {
        uint256 n = badgeIds.length;
        for (uint256 i = 0; i < n; ++i) {
            uint256 badgeId = badgeIds[(seed + i) % n];
            if (badges.getBadge(badgeId).status == status) return badgeId;
        }
        return _badge(seed);
    }

    /// @dev A request in `status` when there is one, else any request (0 when there are none).
    function _requestIn(uint256 seed, BadgeEscrow.RequestStatus status) private view returns (uint256) {
        uint256 n = requestIds.length;
        if (n == 0) return 0;
        for (uint256 i = 0; i < n; ++i) {
            uint256 requestId = requestIds[(seed + i) % n];
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

    function approveBadge(uint256 badgeSeed, uint256 expiry) external {
        expiry = bound(expiry, 1 days, 30 days);
        uint256 badgeId = _badgeIn(badgeSeed, BadgeEscrow.BadgeStatus.Pending);
        vm.prank(admin); // after every view call: a prank applies to the next call only
        try badges.approveBadge(badgeId, uint64(block.timestamp + expiry)) {} catch {}
    }

    function banBadge(uint256 badgeSeed) external {
        vm.prank(admin);
        try badges.banBadge(_badge(badgeSeed)) {} catch {}
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
        uint256 badgeId = _badgeIn(badgeSeed, BadgeEscrow.BadgeStatus.Approved);
        address[] memory list = new address[](1);
        list[0] = earners[earnerSeed % earners.length];
        vm.prank(badges.getBadge(badgeId).sponsor);
        try badges.whitelistEarners(badgeId, list) {} catch {}
    }

    function requestBadge(uint256 badgeSeed, uint256 earnerSeed) external {
        uint256 badgeId = _badgeIn(badgeSeed, BadgeEscrow.BadgeStatus.Approved);
        vm.prank(earners[earnerSeed % earners.length]);
        try badges.requestBadge(badgeId) returns (uint256 requestId) {
            requestIds.push(requestId);
        } catch {}
    }

    function processRequest(uint256 requestSeed, bool approve) external {
        uint256 requestId = _requestIn(requestSeed, BadgeEscrow.RequestStatus.Pending);
        if (requestId == 0) return;
        BadgeEscrow.Request memory request = badges.getRequest(requestId);
        uint256[] memory ids = new uint256[](1);
        ids[0] = requestId;
        bool[] memory approvals = new bool[](1);
        approvals[0] = approve;
        vm.prank(badges.getBadge(request.badgeId).sponsor);
        try badges.processRequests(ids, approvals) {} catch {}
    }

    /// @dev Claims as the request's earner, including already claimed, rejected and lapsed
    /// requests, so a double payment would be attempted if one were possible.
    function claimBadge(uint256 requestSeed) external {
        // Three times in four an approved request, else any (claimed, rejected, lapsed...).
        uint256 requestId = requestSeed % 4 == 0
            ? _requestIn(requestSeed / 4, BadgeEscrow.RequestStatus.None)
            : _requestIn(requestSeed / 4, BadgeEscrow.RequestStatus.Approved);
        if (requestId == 0) return;
        BadgeEscrow.Request memory request = badges.getRequest(requestId);
        uint256 reward = badges.getBadge(request.badgeId).tokensPerBadge;
        uint256 before = token.balanceOf(request.earner);
        vm.prank(request.earner);
        try badges.claimBadge(requestId) {
            ++claims;
            if (++paidCount[request.badgeId][request.earner] > 1) paidTwice = true;
            if (token.balanceOf(request.earner) != before + reward) paidWrongAmount = true;
        } catch {}
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 2 days));
    }
}
