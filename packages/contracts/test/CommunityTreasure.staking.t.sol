// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {CommunityTreasureBase} from "./utils/CommunityTreasureBase.sol";
import {CommunityTreasure} from "../src/CommunityTreasure.sol";

/// @notice CommunityTreasure: its wiring and views, staking after an approve (stake), withdrawing
/// after the lock (withdraw), and the pause switch that stops both.
contract CommunityTreasureStakingTest is CommunityTreasureBase {
    // ------------------------------------------------------------------ constructor / views

    function test_constructor_wiresTokenAndSettings() public view {
        vm.assertEq(address(treasure.token()), address(token));
        vm.assertEq(address(treasure.settings()), address(settings));
        vm.assertTrue(treasure.hasRole(ADMIN_ROLE, admin));
        vm.assertEq(treasure.stakeCount(), 0);
    }

    function test_getStake_isEmptyForUnknownId() public view {
        vm.assertEq(treasure.getStake(9).staker, address(0));
        vm.assertEq(treasure.stakedBalanceOf(stranger), 0);
        vm.assertEq(treasure.treasuryBalance(), 0);
    }

    // ------------------------------------------------------------------ stake

    function test_stake_locksForLockPeriod() public {
        uint64 unlockAt = uint64(block.timestamp + 30 days);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.Staked(1, earner, 100 ether, unlockAt);
        uint256 stakeId = _stake(earner, 100 ether);

        vm.assertEq(stakeId, 1);
        CommunityTreasure.Stake memory s = treasure.getStake(stakeId);
        vm.assertEq(s.staker, earner);
        vm.assertEq(s.amount, 100 ether);
        vm.assertEq(s.unlockAt, unlockAt);
        vm.assertFalse(s.withdrawn);
        vm.assertEq(treasure.totalStaked(), 100 ether);
        vm.assertEq(treasure.stakedBalanceOf(earner), 100 ether);
        vm.assertEq(token.balanceOf(address(treasure)), 100 ether);
        vm.assertEq(treasure.stakeCount(), 1);
    }

    function test_stake_usesLockPeriodInForceAtStakeTime() public {
        vm.prank(admin);
        settings.setLockPeriod(1);
        uint256 stakeId = _stake(earner, 1 ether);
        vm.prank(admin);
        settings.setLockPeriod(90);
        vm.assertEq(treasure.getStake(stakeId).unlockAt, block.timestamp + 1 days);
    }

    function test_stake_worksThroughForwarder() public {
        _relay(EARNER_KEY, address(treasure), abi.encodeCall(CommunityTreasure.stake, (5 ether)));
        vm.assertEq(treasure.stakedBalanceOf(earner), 5 ether);
        vm.assertEq(treasure.stakedBalanceOf(relayer), 0);
    }

    function test_stake_revertsOnZero() public {
        vm.expectRevert(CommunityTreasure.ZeroAmount.selector);
        _stake(earner, 0);
    }

    function test_stake_revertsWithoutBalance() public {
        vm.prank(stranger);
        token.approve(address(treasure), 1 ether);
        vm.expectRevert(
            abi.encodeWithSignature("ERC20InsufficientBalance(address,uint256,uint256)", stranger, 0, 1 ether)
        );
        _stake(stranger, 1 ether);
    }

    function test_stake_revertsWhenPaused() public {
        vm.prank(admin);
        treasure.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        _stake(earner, 1 ether);
    }

    // ------------------------------------------------------------------ withdraw

    function test_withdraw_returnsStakeAfterLock() public {
        uint256 stakeId = _stake(earner, 100 ether);
        vm.warp(block.timestamp + 30 days);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.StakeWithdrawn(stakeId, earner, 100 ether);
        vm.prank(earner);
        treasure.withdraw(stakeId);
        vm.assertEq(token.balanceOf(earner), 1_000 ether);
        vm.assertEq(treasure.totalStaked(), 0);
        vm.assertEq(treasure.stakedBalanceOf(earner), 0);
        vm.assertTrue(treasure.getStake(stakeId).withdrawn);
    }

    function test_withdraw_revertsBeforeLockEnds() public {
        uint256 stakeId = _stake(earner, 100 ether);
        uint64 unlockAt = uint64(block.timestamp + 30 days);
        vm.warp(unlockAt - 1);
        vm.expectRevert(abi.encodeWithSelector(CommunityTreasure.StakeLocked.selector, stakeId, unlockAt));
        vm.prank(earner);
        treasure.withdraw(stakeId);
    }

    function test_withdraw_revertsOnUnknownStake() public {
        vm.expectRevert(abi.encodeWithSelector(CommunityTreasure.StakeNotFound.selector, 3));
        vm.prank(earner);
        treasure.withdraw(3);
    }

    function test_withdraw_revertsForNonOwner() public {
        uint256 stakeId = _stake(earner, 1 ether);
        vm.warp(block.timestamp + 31 days);
        vm.expectRevert(abi.encodeWithSelector(CommunityTreasure.NotStakeOwner.selector, stakeId, earner2));
        vm.prank(earner2);
        treasure.withdraw(stakeId);
    }

    function test_withdraw_revertsOnSecondWithdrawal() public {
        uint256 stakeId = _stake(earner, 1 ether);
        vm.warp(block.timestamp + 31 days);
        vm.startPrank(earner);
        treasure.withdraw(stakeId);
        vm.expectRevert(abi.encodeWithSelector(CommunityTreasure.StakeAlreadyWithdrawn.selector, stakeId));
        treasure.withdraw(stakeId);
        vm.stopPrank();
    }

    function test_withdraw_revertsWhenPaused() public {
        uint256 stakeId = _stake(earner, 1 ether);
        vm.warp(block.timestamp + 31 days);
        vm.prank(admin);
        treasure.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(earner);
        treasure.withdraw(stakeId);
    }

    // ------------------------------------------------------------------ pause / unpause

    function test_pause_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(earner, ADMIN_ROLE));
        vm.prank(earner);
        treasure.pause();
    }

    function test_unpause_restoresStaking() public {
        vm.startPrank(admin);
        treasure.pause();
        treasure.unpause();
        vm.stopPrank();
        _stake(earner, 1 ether);
    }

    function test_unpause_revertsForNonAdmin() public {
        vm.prank(admin);
        treasure.pause();
        vm.expectRevert(_accessError(earner, ADMIN_ROLE));
        vm.prank(earner);
        treasure.unpause();
    }

    function test_pause_revertsWhenAlreadyPaused() public {
        vm.startPrank(admin);
        treasure.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        treasure.pause();
        vm.stopPrank();
    }

    function test_unpause_revertsWhenNotPaused() public {
        vm.expectRevert(Pausable.ExpectedPause.selector);
        vm.prank(admin);
        treasure.unpause();
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_stake_thenWithdrawReturnsExactAmount(uint256 amount, uint32 lockDays, uint256 wait) public {
        amount = bound(amount, 1, 1_000 ether);
        lockDays = uint32(bound(lockDays, 1, 3650));
        vm.prank(admin);
        settings.setLockPeriod(lockDays);
        uint256 stakeId = _stake(earner, amount);
        wait = bound(wait, 0, uint256(lockDays) * 2 days);
        vm.warp(block.timestamp + wait);
        vm.prank(earner);
        if (wait < uint256(lockDays) * 1 days) {
            vm.expectRevert(
                abi.encodeWithSelector(
                    CommunityTreasure.StakeLocked.selector, stakeId, uint64(START + uint256(lockDays) * 1 days)
                )
            );
            treasure.withdraw(stakeId);
            vm.assertEq(treasure.totalStaked(), amount);
        } else {
            treasure.withdraw(stakeId);
            vm.assertEq(token.balanceOf(earner), 1_000 ether);
            vm.assertEq(treasure.totalStaked(), 0);
        }
    }
}
