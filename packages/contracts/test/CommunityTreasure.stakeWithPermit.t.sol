// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {CommunityTreasureBase} from "./utils/CommunityTreasureBase.sol";
import {CommunityTreasure} from "../src/CommunityTreasure.sol";

/// @notice CommunityTreasure: staking with one EIP-2612 signature (stakeWithPermit) instead of a
/// prior approve; the permit is tried and ignored when it fails.
contract CommunityTreasureStakeWithPermitTest is CommunityTreasureBase {
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

    // ------------------------------------------------------------------ fuzz

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
}
