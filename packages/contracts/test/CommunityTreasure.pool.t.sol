// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {CommunityTreasureBase} from "./utils/CommunityTreasureBase.sol";
import {CommunityTreasure} from "../src/CommunityTreasure.sol";

/// @notice CommunityTreasure: the admin's treasury pool (depositTreasury, depositTreasuryWithPermit,
/// withdrawTreasury), which never reaches the open stakes.
contract CommunityTreasurePoolTest is CommunityTreasureBase {
    // ------------------------------------------------------------------ depositTreasury

    function test_depositTreasury_movesAdminTokensIntoPool() public {
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.TreasuryDeposited(admin, 300 ether);
        vm.prank(admin);
        treasure.depositTreasury(300 ether);
        vm.assertEq(treasure.treasuryBalance(), 300 ether);
        vm.assertEq(token.balanceOf(admin), 700 ether);
        vm.assertEq(treasure.totalStaked(), 0);
    }

    function test_depositTreasury_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(earner, ADMIN_ROLE));
        vm.prank(earner);
        treasure.depositTreasury(1 ether);
    }

    function test_depositTreasury_revertsOnZero() public {
        vm.expectRevert(CommunityTreasure.ZeroAmount.selector);
        vm.prank(admin);
        treasure.depositTreasury(0);
    }

    function test_depositTreasury_revertsWithoutBalance() public {
        vm.expectRevert(
            abi.encodeWithSignature("ERC20InsufficientBalance(address,uint256,uint256)", admin, 1_000 ether, 2_000 ether)
        );
        vm.prank(admin);
        treasure.depositTreasury(2_000 ether);
    }

    // ------------------------------------------------------------------ depositTreasuryWithPermit

    function test_depositTreasuryWithPermit_needsNoPriorApproval() public {
        _clearAllowance(admin);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ADMIN_KEY, 300 ether, deadline);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.TreasuryDeposited(admin, 300 ether);
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(300 ether, deadline, v, r, s);
        vm.assertEq(treasure.treasuryBalance(), 300 ether);
        vm.assertEq(treasure.totalStaked(), 0);
        vm.assertEq(token.balanceOf(admin), 700 ether);
        vm.assertEq(token.allowance(admin, address(treasure)), 0);
        vm.assertEq(token.nonces(admin), 1);
    }

    function test_depositTreasuryWithPermit_survivesFrontRunPermit() public {
        _clearAllowance(admin);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ADMIN_KEY, 50 ether, deadline);
        token.permit(admin, address(treasure), 50 ether, deadline, v, r, s);
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(50 ether, deadline, v, r, s);
        vm.assertEq(treasure.treasuryBalance(), 50 ether);
        vm.assertEq(token.allowance(admin, address(treasure)), 0);
    }

    function test_depositTreasuryWithPermit_revertsOnBadSignatureWithoutAllowance() public {
        _clearAllowance(admin);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 50 ether, deadline); // not the admin's key
        vm.expectRevert(_allowanceError(0, 50 ether));
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(50 ether, deadline, v, r, s);
        vm.assertEq(treasure.treasuryBalance(), 0);
    }

    function test_depositTreasuryWithPermit_revertsForNonAdmin() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 1 ether, deadline);
        vm.expectRevert(_accessError(earner, ADMIN_ROLE));
        vm.prank(earner);
        treasure.depositTreasuryWithPermit(1 ether, deadline, v, r, s);
        vm.assertEq(token.nonces(earner), 0); // the role is checked before the permit is tried
    }

    function test_depositTreasuryWithPermit_revertsOnZero() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ADMIN_KEY, 0, deadline);
        vm.expectRevert(CommunityTreasure.ZeroAmount.selector);
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(0, deadline, v, r, s);
    }

    function test_depositTreasuryWithPermit_worksWhenPaused() public {
        _clearAllowance(admin);
        vm.prank(admin);
        treasure.pause();
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ADMIN_KEY, 20 ether, deadline);
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(20 ether, deadline, v, r, s);
        vm.assertEq(treasure.treasuryBalance(), 20 ether);
    }

    function test_depositTreasuryWithPermit_worksThroughForwarder() public {
        _clearAllowance(admin);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ADMIN_KEY, 60 ether, deadline);
        bytes memory data = abi.encodeCall(CommunityTreasure.depositTreasuryWithPermit, (60 ether, deadline, v, r, s));
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.TreasuryDeposited(admin, 60 ether);
        _relay(ADMIN_KEY, address(treasure), data);
        vm.assertEq(treasure.treasuryBalance(), 60 ether);
        vm.assertEq(token.balanceOf(admin), 940 ether);
        vm.assertEq(token.balanceOf(relayer), 0);
    }

    // ------------------------------------------------------------------ withdrawTreasury

    function test_withdrawTreasury_paysAdminFromPool() public {
        vm.prank(admin);
        treasure.depositTreasury(300 ether);
        _stake(earner, 100 ether);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.TreasuryWithdrawn(admin, 300 ether);
        vm.prank(admin);
        treasure.withdrawTreasury(300 ether);
        vm.assertEq(token.balanceOf(admin), 1_000 ether);
        vm.assertEq(token.balanceOf(address(treasure)), 100 ether);
    }

    function test_withdrawTreasury_revertsWhenItWouldTouchStakes() public {
        vm.prank(admin);
        treasure.depositTreasury(10 ether);
        _stake(earner, 100 ether);
        vm.expectRevert(abi.encodeWithSelector(CommunityTreasure.InsufficientTreasury.selector, 10 ether, 11 ether));
        vm.prank(admin);
        treasure.withdrawTreasury(11 ether);
    }

    function test_withdrawTreasury_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(relayer, ADMIN_ROLE));
        vm.prank(relayer);
        treasure.withdrawTreasury(1);
    }

    function test_withdrawTreasury_revertsOnZero() public {
        vm.expectRevert(CommunityTreasure.ZeroAmount.selector);
        vm.prank(admin);
        treasure.withdrawTreasury(0);
    }

    function test_withdrawTreasury_recoversTokensSentDirectly() public {
        vm.prank(earner2);
        IERC20(address(token)).transfer(address(treasure), 4 ether);
        vm.assertEq(treasure.treasuryBalance(), 4 ether);
        vm.prank(admin);
        treasure.withdrawTreasury(4 ether);
        vm.assertEq(token.balanceOf(admin), 1_004 ether);
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_withdrawTreasury_neverExceedsPool(uint256 deposit, uint256 staked, uint256 amount) public {
        deposit = bound(deposit, 1, 1_000 ether);
        staked = bound(staked, 1, 1_000 ether);
        amount = bound(amount, 1, 3_000 ether);
        vm.prank(admin);
        treasure.depositTreasury(deposit);
        _stake(earner, staked);
        vm.prank(admin);
        if (amount > deposit) {
            vm.expectRevert(abi.encodeWithSelector(CommunityTreasure.InsufficientTreasury.selector, deposit, amount));
            treasure.withdrawTreasury(amount);
        } else {
            treasure.withdrawTreasury(amount);
        }
        vm.assertGe(token.balanceOf(address(treasure)), treasure.totalStaked());
    }

    function testFuzz_depositTreasuryWithPermit_addsExactlyToPool(uint256 amount, uint256 staked) public {
        amount = bound(amount, 1, 1_000 ether);
        staked = bound(staked, 0, 1_000 ether);
        if (staked > 0) _stake(earner, staked);
        _clearAllowance(admin);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(ADMIN_KEY, amount, deadline);
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(amount, deadline, v, r, s);
        vm.assertEq(treasure.treasuryBalance(), amount);
        vm.assertEq(treasure.totalStaked(), staked);
        vm.assertEq(token.balanceOf(address(treasure)), staked + amount);
        vm.assertEq(token.balanceOf(admin), 1_000 ether - amount);
    }
}
