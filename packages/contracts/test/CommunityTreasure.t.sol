// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {CommunityTreasure} from "../src/CommunityTreasure.sol";

contract CommunityTreasureTest is PlatformFixture {
    bytes32 private ADMIN_ROLE;

    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    uint256 private constant POOR_KEY = 0xB00;

    function setUp() public override {
        super.setUp();
        ADMIN_ROLE = treasure.ADMIN_ROLE();
        vm.prank(earner);
        token.approve(address(treasure), type(uint256).max);
        vm.prank(earner2);
        token.approve(address(treasure), type(uint256).max);
        vm.prank(admin);
        token.approve(address(treasure), type(uint256).max);
    }

    function _stake(address who, uint256 amount) private returns (uint256 stakeId) {
        vm.prank(who);
        stakeId = treasure.stake(amount);
    }

    /// @dev `key` signs an EIP-2612 permit of GETS for the treasure over the token's EIP-712 digest.
    function _signPermit(uint256 key, uint256 value, uint256 deadline)
        private
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        address owner = vm.addr(key);
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, owner, address(treasure), value, token.nonces(owner), deadline));
        return vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    /// @dev Drops the allowance setUp gave, so only a permit can let the treasure pull tokens.
    function _clearAllowance(address who) private {
        vm.prank(who);
        token.approve(address(treasure), 0);
    }

    function _allowanceError(uint256 allowance, uint256 needed) private view returns (bytes memory) {
        return abi.encodeWithSignature(
            "ERC20InsufficientAllowance(address,uint256,uint256)", address(treasure), allowance, needed
        );
    }

    function test_constructor_wiresTokenAndSettings() public view {
        vm.assertEq(address(treasure.token()), address(token));
        vm.assertEq(address(treasure.settings()), address(settings));
        vm.assertTrue(treasure.hasRole(ADMIN_ROLE, admin));
        vm.assertEq(treasure.stakeCount(), 0);
    }

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

    // ------------------------------------------------------------------ stakeWithPermit

    function test_stakeWithPermit_needsNoPriorApproval() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 100 ether, deadline);
        uint64 unlockAt = uint64(block.timestamp + 30 days);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.Staked(1, earner, 100 ether, unlockAt);
        vm.prank(earner);
        uint256 stakeId = treasure.stakeWithPermit(100 ether, deadline, v, r, s);

        vm.assertEq(stakeId, 1);
        CommunityTreasure.Stake memory st = treasure.getStake(stakeId);
        vm.assertEq(st.staker, earner);
        vm.assertEq(st.amount, 100 ether);
        vm.assertEq(st.unlockAt, unlockAt);
        vm.assertEq(treasure.totalStaked(), 100 ether);
        vm.assertEq(treasure.stakedBalanceOf(earner), 100 ether);
        vm.assertEq(token.balanceOf(earner), 900 ether);
        vm.assertEq(token.balanceOf(address(treasure)), 100 ether);
        vm.assertEq(token.allowance(earner, address(treasure)), 0);
        vm.assertEq(token.nonces(earner), 1);
    }

    function test_stakeWithPermit_survivesFrontRunPermit() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 40 ether, deadline);
        vm.prank(stranger); // someone used the permit first: the allowance is set, the nonce spent
        token.permit(earner, address(treasure), 40 ether, deadline, v, r, s);
        vm.prank(earner);
        uint256 stakeId = treasure.stakeWithPermit(40 ether, deadline, v, r, s);
        vm.assertEq(treasure.getStake(stakeId).amount, 40 ether);
        vm.assertEq(treasure.stakedBalanceOf(earner), 40 ether);
        vm.assertEq(token.allowance(earner, address(treasure)), 0);
        vm.assertEq(token.nonces(earner), 1);
    }

    function test_stakeWithPermit_usesAllowanceWhenPermitIsInvalid() public {
        vm.prank(earner); // setUp's unlimited allowance stands
        uint256 stakeId = treasure.stakeWithPermit(7 ether, block.timestamp + 1 hours, 27, bytes32(0), bytes32(0));
        vm.assertEq(treasure.getStake(stakeId).staker, earner);
        vm.assertEq(treasure.stakedBalanceOf(earner), 7 ether);
        vm.assertEq(token.nonces(earner), 0);
    }

    function test_stakeWithPermit_revertsOnBadSignatureWithoutAllowance() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER2_KEY, 10 ether, deadline); // wrong signer
        vm.expectRevert(_allowanceError(0, 10 ether));
        vm.prank(earner);
        treasure.stakeWithPermit(10 ether, deadline, v, r, s);
        vm.assertEq(token.nonces(earner), 0);
        vm.assertEq(treasure.stakeCount(), 0);
    }

    function test_stakeWithPermit_revertsOnPermitForAnotherAmount() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 9 ether, deadline);
        vm.expectRevert(_allowanceError(0, 10 ether));
        vm.prank(earner);
        treasure.stakeWithPermit(10 ether, deadline, v, r, s);
    }

    function test_stakeWithPermit_revertsOnExpiredPermitWithoutAllowance() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 10 ether, deadline);
        vm.expectRevert(_allowanceError(0, 10 ether));
        vm.prank(earner);
        treasure.stakeWithPermit(10 ether, deadline, v, r, s);
    }

    function test_stakeWithPermit_revertsOnZero() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 0, deadline);
        vm.expectRevert(CommunityTreasure.ZeroAmount.selector);
        vm.prank(earner);
        treasure.stakeWithPermit(0, deadline, v, r, s);
    }

    function test_stakeWithPermit_revertsWithoutBalance() public {
        address poor = vm.addr(POOR_KEY);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(POOR_KEY, 1 ether, deadline);
        vm.expectRevert(
            abi.encodeWithSignature("ERC20InsufficientBalance(address,uint256,uint256)", poor, 0, 1 ether)
        );
        vm.prank(poor);
        treasure.stakeWithPermit(1 ether, deadline, v, r, s);
    }

    function test_stakeWithPermit_revertsWhenPaused() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 1 ether, deadline);
        vm.prank(admin);
        treasure.pause();
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vm.prank(earner);
        treasure.stakeWithPermit(1 ether, deadline, v, r, s);
        vm.assertEq(token.nonces(earner), 0);
    }

    function test_stakeWithPermit_worksThroughForwarder() public {
        _clearAllowance(earner);
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, 5 ether, deadline);
        bytes memory data = abi.encodeCall(CommunityTreasure.stakeWithPermit, (5 ether, deadline, v, r, s));
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.Staked(1, earner, 5 ether, uint64(block.timestamp + 30 days));
        _relay(EARNER_KEY, address(treasure), data); // the relayer pays gas, the earner signs twice
        vm.assertEq(treasure.getStake(1).staker, earner);
        vm.assertEq(treasure.stakedBalanceOf(earner), 5 ether);
        vm.assertEq(treasure.stakedBalanceOf(relayer), 0);
        vm.assertEq(token.balanceOf(earner), 995 ether);
        vm.assertEq(token.allowance(earner, address(treasure)), 0);
        vm.assertEq(token.nonces(earner), 1);
        vm.assertEq(forwarder.nonces(earner), 1);
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

    function test_depositTreasury_revertsWithoutBalance() public {
        vm.expectRevert(
            abi.encodeWithSignature("ERC20InsufficientBalance(address,uint256,uint256)", admin, 1_000 ether, 2_000 ether)
        );
        vm.prank(admin);
        treasure.depositTreasury(2_000 ether);
    }

    function test_getStake_isEmptyForUnknownId() public view {
        vm.assertEq(treasure.getStake(9).staker, address(0));
        vm.assertEq(treasure.stakedBalanceOf(stranger), 0);
        vm.assertEq(treasure.treasuryBalance(), 0);
    }

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

    function testFuzz_stakeWithPermit_stakesExactlyWhilePermitIsValid(uint256 amount, uint256 deadline) public {
        amount = bound(amount, 1, 1_000 ether);
        deadline = bound(deadline, block.timestamp - 2 days, block.timestamp + 2 days);
        _clearAllowance(earner);
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, amount, deadline);
        vm.prank(earner);
        if (deadline < block.timestamp) {
            vm.expectRevert(_allowanceError(0, amount));
            treasure.stakeWithPermit(amount, deadline, v, r, s);
            vm.assertEq(treasure.totalStaked(), 0);
            vm.assertEq(token.balanceOf(earner), 1_000 ether);
        } else {
            uint256 stakeId = treasure.stakeWithPermit(amount, deadline, v, r, s);
            vm.assertEq(treasure.getStake(stakeId).amount, amount);
            vm.assertEq(treasure.totalStaked(), amount);
            vm.assertEq(token.balanceOf(earner), 1_000 ether - amount);
            vm.assertEq(token.allowance(earner, address(treasure)), 0);
        }
        vm.assertEq(treasure.treasuryBalance(), 0);
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
