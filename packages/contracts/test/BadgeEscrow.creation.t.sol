// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {BadgeEscrowBase} from "./utils/BadgeEscrowBase.sol";
import {BadgeEscrow} from "../src/BadgeEscrow.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";

/// @notice BadgeEscrow: its wiring and views, and creating a badge (createBadge, createBadgeWithPermit).
contract BadgeEscrowCreationTest is BadgeEscrowBase {
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

    function test_availableBadges_isZeroForUnknownBadge() public view {
        vm.assertEq(badges.availableBadges(42), 0);
        vm.assertEq(uint8(badges.getBadge(42).status), uint8(IBadgeEscrow.BadgeStatus.None));
        vm.assertEq(uint8(badges.getRequest(42).status), uint8(IBadgeEscrow.RequestStatus.None));
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
}
