// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "../utils/PlatformFixture.sol";
import {IBadgeEscrow} from "../../src/IBadgeEscrow.sol";
import {BadgeEscrowHandler} from "./BadgeEscrowHandler.sol";

contract BadgeEscrowInvariantTest is PlatformFixture {
    BadgeEscrowHandler private handler;

    function setUp() public override {
        super.setUp();
        handler = new BadgeEscrowHandler(badges, token, admin);
        for (uint256 i = 0; i < handler.sponsorCount(); ++i) _fund(handler.sponsors(i), 1_000_000 ether);
    }

    /// @dev Read by forge: only the handler is called during invariant runs.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// GETS held by the badge contract = unpaid rewards + held fees of live badges, plus what the
    /// approved, unclaimed requests of closed badges are owed; closed badges hold nothing else.
    function invariant_balanceEqualsLiveEscrowFeesAndOwedRewards() public view {
        uint256 liabilities;
        uint256 count = badges.badgeCount();
        for (uint256 id = 1; id <= count; ++id) {
            IBadgeEscrow.Badge memory badge = badges.getBadge(id);
            bool live = badge.status == IBadgeEscrow.BadgeStatus.Pending || badge.status == IBadgeEscrow.BadgeStatus.Approved;
            if (live) {
                vm.assertEq(badge.escrow, badge.tokensPerBadge * (badge.numberOfBadges - badge.claimedCount));
                vm.assertEq(badge.feeHeld, badge.status == IBadgeEscrow.BadgeStatus.Pending ? FEE : 0);
            } else {
                vm.assertEq(badge.escrow, badge.tokensPerBadge * (badge.approvedCount - badge.claimedCount));
                vm.assertEq(badge.feeHeld, 0);
            }
            liabilities += badge.escrow + badge.feeHeld;
        }
        vm.assertEq(token.balanceOf(address(badges)), liabilities);
    }

    /// What is owed is kept: every badge's escrow covers the rewards of its approved, unclaimed
    /// requests, whatever the sponsor or an admin did to the badge since (delete, ban, expiry), and
    /// the contract holds at least the sum of them.
    function invariant_escrowCoversEveryApprovedUnclaimedRequest() public view {
        uint256 badgeCount = badges.badgeCount();
        uint256[] memory owed = new uint256[](badgeCount + 1);
        uint256 totalOwed;
        uint256 requestCount = badges.requestCount();
        for (uint256 id = 1; id <= requestCount; ++id) {
            IBadgeEscrow.Request memory request = badges.getRequest(id);
            if (request.status != IBadgeEscrow.RequestStatus.Approved) continue;
            uint256 reward = badges.getBadge(request.badgeId).tokensPerBadge;
            owed[request.badgeId] += reward;
            totalOwed += reward;
        }
        for (uint256 id = 1; id <= badgeCount; ++id) {
            vm.assertGe(badges.getBadge(id).escrow, owed[id]);
        }
        vm.assertGe(token.balanceOf(address(badges)), totalOwed);
        vm.assertFalse(handler.approvedClaimRefused());
    }

    function invariant_noEarnerPaidTwice() public view {
        vm.assertFalse(handler.paidTwice());
        vm.assertFalse(handler.paidWrongAmount());
        vm.assertFalse(handler.claimedUnapproved());
        vm.assertEq(badgeToken.totalMinted(), handler.claims());
    }

    function invariant_awardsNeverExceedBatch() public view {
        uint256 count = badges.badgeCount();
        for (uint256 id = 1; id <= count; ++id) {
            IBadgeEscrow.Badge memory badge = badges.getBadge(id);
            vm.assertLe(badge.claimedCount, badge.approvedCount);
            vm.assertLe(badge.approvedCount, badge.numberOfBadges);
        }
    }

    function invariant_supplyUnchangedWithoutMint() public view {
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY);
    }

    /// Approvals and bans succeed only for ADMIN_ROLE holders; the deputy's role follows the grants.
    function invariant_onlyAdminsApproveAndBan() public view {
        vm.assertFalse(handler.nonAdminActed());
        vm.assertEq(badges.hasRole(badges.ADMIN_ROLE(), handler.deputy()), handler.ghostDeputyIsAdmin());
        vm.assertTrue(badges.hasRole(badges.ADMIN_ROLE(), admin));
    }

    /// A badge's approvedCount is its requests in Approved or Claimed (an Expired one gave its
    /// slot back), and claimedCount its Claimed ones.
    function invariant_approvedCountMatchesApprovedAndClaimedRequests() public view {
        uint256 badgeCount = badges.badgeCount();
        uint256[] memory awarded = new uint256[](badgeCount + 1);
        uint256[] memory claimed = new uint256[](badgeCount + 1);
        uint256 requestCount = badges.requestCount();
        for (uint256 id = 1; id <= requestCount; ++id) {
            IBadgeEscrow.Request memory request = badges.getRequest(id);
            if (request.status == IBadgeEscrow.RequestStatus.Approved) ++awarded[request.badgeId];
            if (request.status == IBadgeEscrow.RequestStatus.Claimed) {
                ++awarded[request.badgeId];
                ++claimed[request.badgeId];
            }
        }
        for (uint256 id = 1; id <= badgeCount; ++id) {
            IBadgeEscrow.Badge memory badge = badges.getBadge(id);
            vm.assertEq(badge.approvedCount, awarded[id]);
            vm.assertEq(badge.claimedCount, claimed[id]);
        }
    }

    /// Releases only ever end a lapsed approval: on a live badge they free its slot and move no
    /// tokens; on a closed badge they pay its reward back to the sponsor, and nobody else; never
    /// a new request by the same earner.
    function invariant_releasesOnlyLapsedApprovals() public view {
        vm.assertFalse(handler.releasedWrongly());
        vm.assertFalse(handler.releaseMovedTokens());
        vm.assertFalse(handler.requestedTwice());
    }
}
