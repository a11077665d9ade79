// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IBadgeEscrow
/// @notice The badge escrow's types, events, custom errors and badge functions, documented here
/// once; BadgeEscrow implements it and adds the wiring (token, settings, badgeToken), the roles
/// and the pause switch.
interface IBadgeEscrow {
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
    ) external returns (uint256 badgeId);

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
    ) external returns (uint256 badgeId);

    /// @notice Whitelists earners on the caller's private badge.
    /// @param badgeId The badge.
    /// @param earners Earners allowed to request it.
    function whitelistEarners(uint256 badgeId, address[] calldata earners) external;

    /// @notice Approves or rejects pending requests of the caller's badges, in one call.
    /// @param requestIds The requests.
    /// @param approvals true to approve, false to reject, one per request.
    function processRequests(uint256[] calldata requestIds, bool[] calldata approvals) external;

    /// @notice Deletes the caller's badge: no more requests or approvals. Refunds the rewards of the
    /// slots nobody was approved for (and the fee while it is still held, i.e. before approval);
    /// approved requests keep their reward in escrow and can still be claimed until their deadline.
    /// @param badgeId The badge.
    function deleteBadge(uint256 badgeId) external;

    // ---------------------------------------------------------------- anyone

    /// @notice Removes a badge the admin did not approve within the approval period and refunds
    /// its escrow and fee to the sponsor. Anyone may call it; the refund only goes to the sponsor.
    /// @param badgeId The badge.
    function removeUnapprovedBadge(uint256 badgeId) external;

    /// @notice Releases approvals that lapsed unclaimed: each request becomes Expired (final, never
    /// claimable). On a live badge its slot is free for another earner and the reward stays in the
    /// badge's escrow; on a deleted or banned badge, which awards nobody else, the reward goes back
    /// to the sponsor. Anyone may call it; the earner cannot request again.
    /// @param requestIds Approved requests whose claimDeadline has passed; the call reverts whole
    /// if any is not (UnexpectedRequestStatus, ClaimWindowOpen).
    function releaseExpiredApprovals(uint256[] calldata requestIds) external;

    // ---------------------------------------------------------------- earner

    /// @notice Requests (applies for) a badge; once per earner and badge.
    /// @param badgeId An approved, unexpired badge with badges left.
    /// @return requestId The request id, counting from 1 (also in BadgeRequested).
    function requestBadge(uint256 badgeId) external returns (uint256 requestId);

    /// @notice Claims an approved request: mints the soul-bound badge token to the earner and pays
    /// the badge's reward from its escrow. Only within the claim window, and only once; also after
    /// the badge was deleted or banned, since its reward was kept for the earner.
    /// @param requestId The approved request.
    /// @return tokenId The minted badge token id.
    function claimBadge(uint256 requestId) external returns (uint256 tokenId);

    // ---------------------------------------------------------------- admin

    /// @notice Approves a pending badge within its approval window; the held fee goes to the
    /// treasury.
    /// @param badgeId The badge.
    /// @param expiryDate Unix time (seconds) after which no new request is accepted.
    function approveBadge(uint256 badgeId, uint64 expiryDate) external;

    /// @notice Bans a pending or approved badge: no more requests or approvals. The rewards of the
    /// slots nobody was approved for go back to the sponsor; approved requests can still be
    /// claimed until their deadline; a fee still held (ban before approval) goes to the treasury.
    /// @param badgeId The badge.
    function banBadge(uint256 badgeId) external;

    // ---------------------------------------------------------------- views

    /// @notice A badge batch; status None for an unknown id.
    /// @param badgeId The badge.
    function getBadge(uint256 badgeId) external view returns (Badge memory);

    /// @notice A request; status None for an unknown id.
    /// @param requestId The request.
    function getRequest(uint256 requestId) external view returns (Request memory);

    /// @notice The earner's request id on a badge, 0 when none.
    /// @param badgeId The badge.
    /// @param earner The earner.
    function requestIdOf(uint256 badgeId, address earner) external view returns (uint256);

    /// @notice Whether an earner is whitelisted on a private badge.
    /// @param badgeId The badge.
    /// @param earner The earner.
    function isWhitelisted(uint256 badgeId, address earner) external view returns (bool);

    /// @notice Badges of the batch not yet awarded (the spec's availableBadge).
    /// @param badgeId The badge.
    function availableBadges(uint256 badgeId) external view returns (uint256);

    /// @notice Number of badges created (also the latest badge id).
    function badgeCount() external view returns (uint256);

    /// @notice Number of requests made (also the latest request id).
    function requestCount() external view returns (uint256);
}
