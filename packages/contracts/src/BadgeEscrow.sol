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

/// @title BadgeEscrow
/// @notice Badge batches backed by escrowed GETS. A sponsor creates a batch and escrows
/// tokensPerBadge × numberOfBadges plus the creation fee; the admin approves (the fee then goes
/// to the treasury) or bans it; earners request, the sponsor approves or rejects, approved earners
/// claim a soul-bound BadgeToken and the reward. Each badge's escrow only ever pays that badge.
/// What an approved earner is owed stays theirs: closing a badge (deleted, banned) refunds only the
/// slots nobody was approved for; an approved request can still be claimed until its claim
/// deadline, and only when it lapses unclaimed does its reward go back to the sponsor.
contract BadgeEscrow is AccessControl, Pausable, ReentrancyGuardTransient, ERC2771Context {
    using SafeERC20 for IERC20;

    /// @notice Role that approves and bans badges and pauses the contract; its own role admin, so
    /// any admin grants and revokes it.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice Badge creation fee (9 GETS), held until approval, then paid to the treasury.
    uint256 public constant CREATION_FEE = 9 ether;

    /// @notice Pending = UNDER_VERIFICATION, Approved = VERIFIED; Banned, Deleted and Removed are final.
    enum BadgeStatus {
        None,
        Pending,
        Approved,
        Banned,
        Deleted,
        Removed
    }

    /// @notice Life of an earner's request; Claimed is the spec's TOKEN_CLAIMED. Expired (appended
    /// last, so the other values keep their numbers) is an approval released unclaimed after its
    /// claim deadline; final.
    enum RequestStatus {
        None,
        Pending,
        Approved,
        Rejected,
        Claimed,
        Expired
    }

    struct Badge {
        address sponsor;
        BadgeStatus status;
        bool isPublic;
        uint64 batchExpiry;
        uint64 approvalDeadline;
        uint64 expiryDate;
        uint32 numberOfBadges;
        uint32 approvedCount;
        uint32 claimedCount;
        uint256 tokensPerBadge;
        uint256 escrow;
        uint256 feeHeld;
    }

    struct Request {
        address earner;
        RequestStatus status;
        uint64 claimDeadline;
        uint256 badgeId;
    }

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

    /// @notice Emitted after a sponsor created a badge batch and its escrow and fee were taken.
    event BadgeCreated(
        uint256 indexed badgeId,
        address indexed sponsor,
        bool isPublic,
        uint256 tokensPerBadge,
        uint32 numberOfBadges,
        uint64 batchExpiry,
        uint64 approvalDeadline
    );
    /// @notice Emitted after the admin approved a badge; the fee went to the treasury.
    event BadgeApproved(uint256 indexed badgeId, uint64 expiryDate, uint256 feePaid);
    /// @notice Emitted after the admin banned a badge; the rewards of slots nobody was approved
    /// for went back to the sponsor, those of approved requests stay for their earners.
    event BadgeBanned(uint256 indexed badgeId, uint256 refund);
    /// @notice Emitted after the sponsor deleted a badge; the rewards of slots nobody was approved
    /// for (and a held fee) went back, those of approved requests stay for their earners.
    event BadgeDeleted(uint256 indexed badgeId, uint256 refund);
    /// @notice Emitted after a badge not approved in time was removed; escrow and fee went back.
    event BadgeRemoved(uint256 indexed badgeId, uint256 refund);
    /// @notice Emitted after the sponsor whitelisted an earner on a private badge.
    event EarnerWhitelisted(uint256 indexed badgeId, address indexed earner);
    /// @notice Emitted after an earner requested a badge; requestId is the application's onChainId.
    event BadgeRequested(uint256 indexed requestId, uint256 indexed badgeId, address indexed earner);
    /// @notice Emitted after the sponsor approved a request; the earner may claim until claimDeadline.
    event RequestApproved(
        uint256 indexed requestId,
        uint256 indexed badgeId,
        address indexed earner,
        uint64 claimDeadline
    );
    /// @notice Emitted after the sponsor rejected a request.
    event RequestRejected(uint256 indexed requestId, uint256 indexed badgeId, address indexed earner);
    /// @notice Emitted after an approval lapsed unclaimed was released. On a live badge its slot is
    /// free again and its reward stays in the escrow (refund 0); on a closed badge, which can award
    /// nobody else, its reward went back to the sponsor (refund).
    event ApprovalExpired(
        uint256 indexed requestId,
        uint256 indexed badgeId,
        address indexed earner,
        uint256 refund
    );
    /// @notice Emitted after an earner claimed the badge token and its reward.
    event BadgeClaimed(
        uint256 indexed requestId,
        uint256 indexed badgeId,
        address indexed earner,
        uint256 tokenId,
        uint256 amount
    );

    /// @notice tokensPerBadge or numberOfBadges is zero.
    error InvalidBadgeAmount();
    /// @notice A batch expiry or approval expiry date not in the future.
    error InvalidExpiry(uint64 expiry);
    /// @notice No badge with this id.
    error BadgeNotFound(uint256 badgeId);
    /// @notice The caller is not the badge's sponsor.
    error NotSponsor(uint256 badgeId, address caller);
    /// @notice The badge is not in a status that allows this call.
    error UnexpectedBadgeStatus(uint256 badgeId, BadgeStatus status);
    /// @notice The badge is banned.
    error BadgeIsBanned(uint256 badgeId);
    /// @notice The badge's approval window has closed.
    error ApprovalWindowClosed(uint256 badgeId, uint64 approvalDeadline);
    /// @notice The badge can still be approved, so it cannot be removed yet.
    error ApprovalWindowOpen(uint256 badgeId, uint64 approvalDeadline);
    /// @notice The badge has expired.
    error BadgeExpired(uint256 badgeId);
    /// @notice Every badge of the batch is already awarded.
    error NoBadgesLeft(uint256 badgeId);
    /// @notice Whitelisting applies to private badges only.
    error BadgeIsPublic(uint256 badgeId);
    /// @notice The earner is not whitelisted on this private badge.
    error NotWhitelisted(uint256 badgeId, address earner);
    /// @notice The earner already requested this badge.
    error AlreadyRequested(uint256 badgeId, address earner, uint256 requestId);
    /// @notice A sponsor cannot request their own badge.
    error SponsorCannotRequest(uint256 badgeId);
    /// @notice No request with this id.
    error RequestNotFound(uint256 requestId);
    /// @notice The request is not in a status that allows this call.
    error UnexpectedRequestStatus(uint256 requestId, RequestStatus status);
    /// @notice The caller is not the request's earner.
    error NotRequestEarner(uint256 requestId, address caller);
    /// @notice The claim window of this request has closed.
    error ClaimWindowClosed(uint256 requestId, uint64 claimDeadline);
    /// @notice The claim window of this request is still open, so its approval cannot be released.
    error ClaimWindowOpen(uint256 requestId, uint64 claimDeadline);
    /// @notice The two arrays differ in length.
    error LengthMismatch();

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

    /// @notice Creates a badge batch, escrowing tokensPerBadge × numberOfBadges + CREATION_FEE
    /// from the caller (which must have approved this contract for that amount).
    /// @param isPublic Public badge (anyone may request) or private (whitelisted earners only).
    /// @param tokensPerBadge Reward per badge in 18-decimal GETS units.
    /// @param numberOfBadges Number of badges in the batch.
    /// @param batchExpiry Unix time (seconds) after which no new request is accepted.
    /// @return badgeId The new badge id, counting from 1 (also in BadgeCreated).
    function createBadge(
        bool isPublic,
        uint256 tokensPerBadge,
        uint32 numberOfBadges,
        uint64 batchExpiry
    ) external whenNotPaused nonReentrant returns (uint256 badgeId) {
        return _createBadge(_msgSender(), isPublic, tokensPerBadge, numberOfBadges, batchExpiry);
    }

    /// @notice Same as createBadge, with an EIP-2612 permit instead of a prior approval. The permit
    /// is tried and ignored when it fails (e.g. already used by a front-runner); the transfer then
    /// needs an allowance.
    /// @param isPublic Public or private badge.
    /// @param tokensPerBadge Reward per badge.
    /// @param numberOfBadges Number of badges.
    /// @param batchExpiry Unix time after which no new request is accepted.
    /// @param permitValue The permitted amount (at least escrow + fee).
    /// @param deadline Permit deadline.
    /// @param v Permit signature v.
    /// @param r Permit signature r.
    /// @param s Permit signature s.
    /// @return badgeId The new badge id.
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

    /// @notice Whitelists earners on the caller's private badge.
    /// @param badgeId The badge.
    /// @param earners Earners allowed to request it.
    function whitelistEarners(uint256 badgeId, address[] calldata earners) external whenNotPaused {
        Badge storage badge = _sponsoredBadge(badgeId);
        _requireLive(badgeId, badge);
        if (badge.isPublic) revert BadgeIsPublic(badgeId);
        for (uint256 i = 0; i < earners.length; ++i) {
            _whitelisted[badgeId][earners[i]] = true;
            emit EarnerWhitelisted(badgeId, earners[i]);
        }
    }

    /// @notice Approves or rejects pending requests of the caller's badges, in one call.
    /// @param requestIds The requests.
    /// @param approvals true to approve, false to reject, one per request.
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

    /// @notice Deletes the caller's badge: no more requests or approvals. Refunds the rewards of the
    /// slots nobody was approved for (and the fee while it is still held, i.e. before approval);
    /// approved requests keep their reward in escrow and can still be claimed until their deadline.
    /// @param badgeId The badge.
    function deleteBadge(uint256 badgeId) external whenNotPaused nonReentrant {
        Badge storage badge = _sponsoredBadge(badgeId);
        _requireLive(badgeId, badge);
        uint256 refund = _close(badge, BadgeStatus.Deleted);
        emit BadgeDeleted(badgeId, refund);
        _pay(badge.sponsor, refund);
    }

    // ---------------------------------------------------------------- anyone

    /// @notice Removes a badge the admin did not approve within the approval period and refunds
    /// its escrow and fee to the sponsor. Anyone may call it; the refund only goes to the sponsor.
    /// @param badgeId The badge.
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

    /// @notice Releases approvals that lapsed unclaimed: each request becomes Expired (final, never
    /// claimable). On a live badge its slot is free for another earner and the reward stays in the
    /// badge's escrow; on a deleted or banned badge, which awards nobody else, the reward goes back
    /// to the sponsor. Anyone may call it; the earner cannot request again.
    /// @param requestIds Approved requests whose claimDeadline has passed; the call reverts whole
    /// if any is not (UnexpectedRequestStatus, ClaimWindowOpen).
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

    /// @notice Requests (applies for) a badge; once per earner and badge.
    /// @param badgeId An approved, unexpired badge with badges left.
    /// @return requestId The request id, counting from 1 (also in BadgeRequested).
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

    /// @notice Claims an approved request: mints the soul-bound badge token to the earner and pays
    /// the badge's reward from its escrow. Only within the claim window, and only once; also after
    /// the badge was deleted or banned, since its reward was kept for the earner.
    /// @param requestId The approved request.
    /// @return tokenId The minted badge token id.
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

    /// @notice Approves a pending badge within its approval window; the held fee goes to the
    /// treasury.
    /// @param badgeId The badge.
    /// @param expiryDate Unix time (seconds) after which no new request is accepted.
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

    /// @notice Bans a pending or approved badge: no more requests or approvals. The rewards of the
    /// slots nobody was approved for go back to the sponsor; approved requests can still be
    /// claimed until their deadline; a fee still held (ban before approval) goes to the treasury.
    /// @param badgeId The badge.
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

    /// @notice A badge batch; status None for an unknown id.
    /// @param badgeId The badge.
    function getBadge(uint256 badgeId) external view returns (Badge memory) {
        return _badges[badgeId];
    }

    /// @notice A request; status None for an unknown id.
    /// @param requestId The request.
    function getRequest(uint256 requestId) external view returns (Request memory) {
        return _requests[requestId];
    }

    /// @notice The earner's request id on a badge, 0 when none.
    /// @param badgeId The badge.
    /// @param earner The earner.
    function requestIdOf(uint256 badgeId, address earner) external view returns (uint256) {
        return _requestOf[badgeId][earner];
    }

    /// @notice Whether an earner is whitelisted on a private badge.
    /// @param badgeId The badge.
    /// @param earner The earner.
    function isWhitelisted(uint256 badgeId, address earner) external view returns (bool) {
        return _whitelisted[badgeId][earner];
    }

    /// @notice Badges of the batch not yet awarded (the spec's availableBadge).
    /// @param badgeId The badge.
    function availableBadges(uint256 badgeId) external view returns (uint256) {
        Badge storage badge = _badges[badgeId];
        return badge.numberOfBadges - badge.approvedCount;
    }

    /// @notice Number of badges created (also the latest badge id).
    function badgeCount() external view returns (uint256) {
        return _badgeCount;
    }

    /// @notice Number of requests made (also the latest request id).
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
