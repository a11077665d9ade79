// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {PlatformSettings} from "./PlatformSettings.sol";
import {BadgeToken} from "./BadgeToken.sol";
import {IBadgeEscrow} from "./IBadgeEscrow.sol";

/// @title BadgeEscrow
/// @notice Badge batches backed by escrowed GETS. A sponsor creates a batch and escrows
/// tokensPerBadge × numberOfBadges plus the creation fee; the admin approves (the fee then goes
/// to the treasury) or bans it; earners request, the sponsor approves or rejects, approved earners
/// claim a soul-bound BadgeToken and the reward. Each badge's escrow only ever pays that badge.
/// What an approved earner is owed stays theirs: closing a badge (deleted, banned) refunds only the
/// slots nobody was approved for; an approved request can still be claimed until its claim
/// deadline, and only when it lapses unclaimed does its reward go back to the sponsor.
contract BadgeEscrow is IBadgeEscrow, AccessControl, Pausable, ReentrancyGuardTransient, ERC2771Context {
    using SafeERC20 for IERC20;

    /// @notice Role that approves and bans badges and pauses the contract; its own role admin, so
    /// any admin grants and revokes it.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice Badge creation fee (9 GETS), held until approval, then paid to the treasury.
    uint256 public constant CREATION_FEE = 9 ether;

    /// @notice The GETS token.
    IERC20 public immutable token;
    /// @notice Platform settings (claim and approval periods, treasury).
    PlatformSettings public immutable settings;
    /// @notice The soul-bound badge token minted on claim.
    BadgeToken public immutable badgeToken;

    uint256 private _badgeCount;
    uint256 private _requestCount;
    mapping(uint256 badgeId => Badge) private _badges;
    mapping(uint256 requestId => Request) private _requests;
    mapping(uint256 badgeId => mapping(address earner => uint256 requestId)) private _requestOf;
    mapping(uint256 badgeId => mapping(address earner => bool)) private _whitelisted;

    /// @param admin Platform admin (DEFAULT_ADMIN_ROLE and ADMIN_ROLE; ADMIN_ROLE administers itself).
    /// @param token_ The GETS token.
    /// @param settings_ Platform settings.
    /// @param forwarder Trusted ERC-2771 forwarder.
    constructor(
        address admin,
        IERC20 token_,
        PlatformSettings settings_,
        address forwarder
    ) ERC2771Context(forwarder) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(ADMIN_ROLE, admin);
        _setRoleAdmin(ADMIN_ROLE, ADMIN_ROLE);
        token = token_;
        settings = settings_;
        badgeToken = new BadgeToken();
    }

    // ---------------------------------------------------------------- sponsor

    /// @inheritdoc IBadgeEscrow
    function createBadge(
        bool isPublic,
        uint256 tokensPerBadge,
        uint32 numberOfBadges,
        uint64 batchExpiry
    ) external whenNotPaused nonReentrant returns (uint256 badgeId) {
        return _createBadge(_msgSender(), isPublic, tokensPerBadge, numberOfBadges, batchExpiry);
    }

    /// @inheritdoc IBadgeEscrow
    function createBadgeWithPermit(
        bool isPublic,
        uint256 tokensPerBadge,
        uint32 numberOfBadges,
        uint64 batchExpiry,
        uint256 permitValue,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external whenNotPaused nonReentrant returns (uint256 badgeId) {
        address sponsor = _msgSender();
        try IERC20Permit(address(token)).permit(sponsor, address(this), permitValue, deadline, v, r, s) {} catch {}
        return _createBadge(sponsor, isPublic, tokensPerBadge, numberOfBadges, batchExpiry);
    }

    /// @inheritdoc IBadgeEscrow
    function whitelistEarners(uint256 badgeId, address[] calldata earners) external whenNotPaused {
        Badge storage badge = _sponsoredBadge(badgeId);
        _requireLive(badgeId, badge);
        if (badge.isPublic) revert BadgeIsPublic(badgeId);
        for (uint256 i = 0; i < earners.length; ++i) {
            _whitelisted[badgeId][earners[i]] = true;
            emit EarnerWhitelisted(badgeId, earners[i]);
        }
    }

    /// @inheritdoc IBadgeEscrow
    function processRequests(
        uint256[] calldata requestIds,
        bool[] calldata approvals
    ) external whenNotPaused {
        if (requestIds.length != approvals.length) revert LengthMismatch();
        uint64 claimDeadline = uint64(block.timestamp) + uint64(settings.claimPeriod()) * 1 days;
        for (uint256 i = 0; i < requestIds.length; ++i) {
            uint256 requestId = requestIds[i];
            Request storage request = _existingRequest(requestId);
            uint256 badgeId = request.badgeId;
            Badge storage badge = _sponsoredBadge(badgeId);
            _requireApprovedBadge(badgeId, badge);
            if (request.status != RequestStatus.Pending) {
                revert UnexpectedRequestStatus(requestId, request.status);
            }
            if (approvals[i]) {
                if (badge.approvedCount == badge.numberOfBadges) revert NoBadgesLeft(badgeId);
                ++badge.approvedCount;
                request.status = RequestStatus.Approved;
                request.claimDeadline = claimDeadline;
                emit RequestApproved(requestId, badgeId, request.earner, claimDeadline);
            } else {
                request.status = RequestStatus.Rejected;
                emit RequestRejected(requestId, badgeId, request.earner);
            }
        }
    }

    /// @inheritdoc IBadgeEscrow
    function deleteBadge(uint256 badgeId) external whenNotPaused nonReentrant {
        Badge storage badge = _sponsoredBadge(badgeId);
        _requireLive(badgeId, badge);
        uint256 refund = _close(badge, BadgeStatus.Deleted);
        emit BadgeDeleted(badgeId, refund);
        _pay(badge.sponsor, refund);
    }

    // ---------------------------------------------------------------- anyone

    /// @inheritdoc IBadgeEscrow
    function removeUnapprovedBadge(uint256 badgeId) external whenNotPaused nonReentrant {
        Badge storage badge = _existingBadge(badgeId);
        if (badge.status != BadgeStatus.Pending) revert UnexpectedBadgeStatus(badgeId, badge.status);
        if (block.timestamp <= badge.approvalDeadline) {
            revert ApprovalWindowOpen(badgeId, badge.approvalDeadline);
        }
        uint256 refund = _close(badge, BadgeStatus.Removed);
        emit BadgeRemoved(badgeId, refund);
        _pay(badge.sponsor, refund);
    }

    /// @inheritdoc IBadgeEscrow
    function releaseExpiredApprovals(uint256[] calldata requestIds) external whenNotPaused nonReentrant {
        for (uint256 i = 0; i < requestIds.length; ++i) {
            uint256 requestId = requestIds[i];
            Request storage request = _existingRequest(requestId);
            if (request.status != RequestStatus.Approved) {
                revert UnexpectedRequestStatus(requestId, request.status);
            }
            if (block.timestamp <= request.claimDeadline) {
                revert ClaimWindowOpen(requestId, request.claimDeadline);
            }
            uint256 badgeId = request.badgeId;
            Badge storage badge = _badges[badgeId];
            request.status = RequestStatus.Expired;
            --badge.approvedCount;
            uint256 refund;
            if (badge.status != BadgeStatus.Approved) {
                refund = badge.tokensPerBadge;
                badge.escrow -= refund;
            }
            emit ApprovalExpired(requestId, badgeId, request.earner, refund);
            _pay(badge.sponsor, refund);
        }
    }

    // ---------------------------------------------------------------- earner

    /// @inheritdoc IBadgeEscrow
    function requestBadge(uint256 badgeId) external whenNotPaused returns (uint256 requestId) {
        address earner = _msgSender();
        Badge storage badge = _existingBadge(badgeId);
        _requireApprovedBadge(badgeId, badge);
        if (block.timestamp >= badge.batchExpiry || block.timestamp >= badge.expiryDate) {
            revert BadgeExpired(badgeId);
        }
        if (badge.approvedCount == badge.numberOfBadges) revert NoBadgesLeft(badgeId);
        if (earner == badge.sponsor) revert SponsorCannotRequest(badgeId);
        if (!badge.isPublic && !_whitelisted[badgeId][earner]) revert NotWhitelisted(badgeId, earner);
        uint256 existing = _requestOf[badgeId][earner];
        if (existing != 0) revert AlreadyRequested(badgeId, earner, existing);

        requestId = ++_requestCount;
        _requestOf[badgeId][earner] = requestId;
        _requests[requestId] = Request({
            earner: earner,
            status: RequestStatus.Pending,
            claimDeadline: 0,
            badgeId: badgeId
        });
        emit BadgeRequested(requestId, badgeId, earner);
    }

    /// @inheritdoc IBadgeEscrow
    function claimBadge(uint256 requestId) external whenNotPaused nonReentrant returns (uint256 tokenId) {
        Request storage request = _existingRequest(requestId);
        address earner = _msgSender();
        if (request.earner != earner) revert NotRequestEarner(requestId, earner);
        if (request.status != RequestStatus.Approved) {
            revert UnexpectedRequestStatus(requestId, request.status);
        }
        uint256 badgeId = request.badgeId;
        Badge storage badge = _badges[badgeId];
        if (block.timestamp > request.claimDeadline) {
            revert ClaimWindowClosed(requestId, request.claimDeadline);
        }

        uint256 amount = badge.tokensPerBadge;
        request.status = RequestStatus.Claimed;
        ++badge.claimedCount;
        badge.escrow -= amount;
        tokenId = badgeToken.mint(earner, badgeId);
        emit BadgeClaimed(requestId, badgeId, earner, tokenId, amount);
        token.safeTransfer(earner, amount);
    }

    // ---------------------------------------------------------------- admin

    /// @inheritdoc IBadgeEscrow
    function approveBadge(uint256 badgeId, uint64 expiryDate) external onlyRole(ADMIN_ROLE) nonReentrant {
        Badge storage badge = _existingBadge(badgeId);
        if (badge.status != BadgeStatus.Pending) revert UnexpectedBadgeStatus(badgeId, badge.status);
        if (block.timestamp > badge.approvalDeadline) {
            revert ApprovalWindowClosed(badgeId, badge.approvalDeadline);
        }
        if (expiryDate <= block.timestamp) revert InvalidExpiry(expiryDate);
        uint256 fee = badge.feeHeld;
        badge.status = BadgeStatus.Approved;
        badge.expiryDate = expiryDate;
        badge.feeHeld = 0;
        emit BadgeApproved(badgeId, expiryDate, fee);
        _pay(settings.treasury(), fee);
    }

    /// @inheritdoc IBadgeEscrow
    function banBadge(uint256 badgeId) external onlyRole(ADMIN_ROLE) nonReentrant {
        Badge storage badge = _existingBadge(badgeId);
        _requireLive(badgeId, badge);
        uint256 fee = badge.feeHeld;
        badge.feeHeld = 0;
        uint256 refund = _close(badge, BadgeStatus.Banned);
        emit BadgeBanned(badgeId, refund);
        _pay(badge.sponsor, refund);
        _pay(settings.treasury(), fee);
    }

    /// @notice Pauses every sponsor and earner call (emergency switch).
    function pause() external onlyRole(ADMIN_ROLE) {
        _pause();
    }

    /// @notice Lifts the pause.
    function unpause() external onlyRole(ADMIN_ROLE) {
        _unpause();
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IBadgeEscrow
    function getBadge(uint256 badgeId) external view returns (Badge memory) {
        return _badges[badgeId];
    }

    /// @inheritdoc IBadgeEscrow
    function getRequest(uint256 requestId) external view returns (Request memory) {
        return _requests[requestId];
    }

    /// @inheritdoc IBadgeEscrow
    function requestIdOf(uint256 badgeId, address earner) external view returns (uint256) {
        return _requestOf[badgeId][earner];
    }

    /// @inheritdoc IBadgeEscrow
    function isWhitelisted(uint256 badgeId, address earner) external view returns (bool) {
        return _whitelisted[badgeId][earner];
    }

    /// @inheritdoc IBadgeEscrow
    function availableBadges(uint256 badgeId) external view returns (uint256) {
        Badge storage badge = _badges[badgeId];
        return badge.numberOfBadges - badge.approvedCount;
    }

    /// @inheritdoc IBadgeEscrow
    function badgeCount() external view returns (uint256) {
        return _badgeCount;
    }

    /// @inheritdoc IBadgeEscrow
    function requestCount() external view returns (uint256) {
        return _requestCount;
    }

    // ---------------------------------------------------------------- internals

    function _createBadge(
        address sponsor,
        bool isPublic,
        uint256 tokensPerBadge,
        uint32 numberOfBadges,
        uint64 batchExpiry
    ) private returns (uint256 badgeId) {
        if (tokensPerBadge == 0 || numberOfBadges == 0) revert InvalidBadgeAmount();
        if (batchExpiry <= block.timestamp) revert InvalidExpiry(batchExpiry);
        uint256 escrow = tokensPerBadge * numberOfBadges;
        uint64 approvalDeadline = uint64(block.timestamp) + uint64(settings.approvalPeriod()) * 1 days;

        badgeId = ++_badgeCount;
        _badges[badgeId] = Badge({
            sponsor: sponsor,
            status: BadgeStatus.Pending,
            isPublic: isPublic,
            batchExpiry: batchExpiry,
            approvalDeadline: approvalDeadline,
            expiryDate: 0,
            numberOfBadges: numberOfBadges,
            approvedCount: 0,
            claimedCount: 0,
            tokensPerBadge: tokensPerBadge,
            escrow: escrow,
            feeHeld: CREATION_FEE
        });
        emit BadgeCreated(badgeId, sponsor, isPublic, tokensPerBadge, numberOfBadges, batchExpiry, approvalDeadline);
        token.safeTransferFrom(sponsor, address(this), escrow + CREATION_FEE);
    }

    /// @dev Marks a badge final and returns what no earner is owed (the escrow of slots nobody was
    /// approved for, plus a held fee); the rewards of approved, unclaimed requests stay in escrow.
    function _close(Badge storage badge, BadgeStatus status) private returns (uint256 refund) {
        uint256 owed = badge.tokensPerBadge * (badge.approvedCount - badge.claimedCount);
        refund = badge.escrow - owed + badge.feeHeld;
        badge.status = status;
        badge.escrow = owed;
        badge.feeHeld = 0;
    }

    function _pay(address to, uint256 amount) private {
        if (amount != 0) token.safeTransfer(to, amount);
    }

    function _existingBadge(uint256 badgeId) private view returns (Badge storage badge) {
        badge = _badges[badgeId];
        if (badge.status == BadgeStatus.None) revert BadgeNotFound(badgeId);
    }

    function _sponsoredBadge(uint256 badgeId) private view returns (Badge storage badge) {
        badge = _existingBadge(badgeId);
        address caller = _msgSender();
        if (badge.sponsor != caller) revert NotSponsor(badgeId, caller);
    }

    function _existingRequest(uint256 requestId) private view returns (Request storage request) {
        request = _requests[requestId];
        if (request.status == RequestStatus.None) revert RequestNotFound(requestId);
    }

    function _requireLive(uint256 badgeId, Badge storage badge) private view {
        if (badge.status != BadgeStatus.Pending && badge.status != BadgeStatus.Approved) {
            revert UnexpectedBadgeStatus(badgeId, badge.status);
        }
    }

    function _requireApprovedBadge(uint256 badgeId, Badge storage badge) private view {
        if (badge.status == BadgeStatus.Banned) revert BadgeIsBanned(badgeId);
        if (badge.status != BadgeStatus.Approved) revert UnexpectedBadgeStatus(badgeId, badge.status);
    }

    function _msgSender() internal view override(Context, ERC2771Context) returns (address) {
        return ERC2771Context._msgSender();
    }

    function _msgData() internal view override(Context, ERC2771Context) returns (bytes calldata) {
        return ERC2771Context._msgData();
    }

    function _contextSuffixLength() internal view override(Context, ERC2771Context) returns (uint256) {
        return ERC2771Context._contextSuffixLength();
    }
}
