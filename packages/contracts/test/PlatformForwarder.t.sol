// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {PlatformForwarder} from "../src/PlatformForwarder.sol";
import {UserRegistry} from "../src/UserRegistry.sol";
import {CommunityTreasure} from "../src/CommunityTreasure.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

contract PlatformForwarderTest is PlatformFixture {
    bytes private constant REGISTER = abi.encodeWithSelector(UserRegistry.register.selector);

    function test_constructor_grantsRoles() public view {
        vm.assertTrue(forwarder.hasRole(forwarder.RELAYER_ROLE(), relayer));
        vm.assertTrue(forwarder.hasRole(forwarder.DEFAULT_ADMIN_ROLE(), admin));
        vm.assertFalse(forwarder.hasRole(forwarder.RELAYER_ROLE(), admin));
    }

    function test_execute_runsSignedRequestAsSigner() public {
        vm.expectEmit(address(forwarder));
        emit ERC2771Forwarder.ExecutedForwardRequest(earner, 0, true);
        _relay(EARNER_KEY, address(registry), REGISTER);
        vm.assertEq(registry.userIdOf(earner), 1);
        vm.assertEq(forwarder.nonces(earner), 1);
    }

    function test_execute_revertsForNonRelayer() public {
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        vm.expectRevert(_accessError(stranger, forwarder.RELAYER_ROLE()));
        vm.prank(stranger);
        forwarder.execute(request);
    }

    function test_execute_revertsOnReplay() public {
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        vm.startPrank(relayer);
        forwarder.execute(request);
        vm.expectRevert(); // the nonce moved on, so the signature recovers to another signer
        forwarder.execute(request);
        vm.stopPrank();
    }

    function test_execute_revertsAfterDeadline() public {
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        vm.warp(uint256(request.deadline) + 1);
        vm.expectRevert(
            abi.encodeWithSelector(ERC2771Forwarder.ERC2771ForwarderExpiredRequest.selector, request.deadline)
        );
        vm.prank(relayer);
        forwarder.execute(request);
    }

    function test_execute_revertsOnTargetNotTrustingForwarder() public {
        // BadgeToken is not ERC-2771 aware: requests to it are refused.
        ERC2771Forwarder.ForwardRequestData memory request =
            _forwardRequest(EARNER_KEY, address(badgeToken), abi.encodeWithSignature("totalMinted()"));
        vm.expectRevert(
            abi.encodeWithSelector(
                ERC2771Forwarder.ERC2771UntrustfulTarget.selector, address(badgeToken), address(forwarder)
            )
        );
        vm.prank(relayer);
        forwarder.execute(request);
    }

    function test_execute_revertsOnForgedSender() public {
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        request.from = earner2;
        vm.expectRevert();
        vm.prank(relayer);
        forwarder.execute(request);
    }

    function test_executeBatch_runsManyUsersInOneTransaction() public {
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](4);
        requests[0] = _forwardRequestWithNonce(EARNER_KEY, address(registry), REGISTER, 0);
        requests[1] = _forwardRequestWithNonce(
            EARNER_KEY, address(token), abi.encodeCall(IERC20.approve, (address(treasure), 50 ether)), 1
        );
        requests[2] = _forwardRequestWithNonce(
            EARNER_KEY, address(treasure), abi.encodeCall(CommunityTreasure.stake, (50 ether)), 2
        );
        requests[3] = _forwardRequestWithNonce(EARNER2_KEY, address(registry), REGISTER, 0);

        vm.prank(relayer);
        forwarder.executeBatch(requests, payable(address(0)));

        vm.assertEq(registry.userIdOf(earner), 1);
        vm.assertEq(registry.userIdOf(earner2), 2);
        vm.assertEq(treasure.stakedBalanceOf(earner), 50 ether);
        vm.assertEq(forwarder.nonces(earner), 3);
    }

    function test_executeBatch_skipsInvalidRequestWithRefundReceiver() public {
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](2);
        requests[0] = _forwardRequestWithNonce(EARNER_KEY, address(registry), REGISTER, 0);
        requests[1] = _forwardRequestWithNonce(EARNER2_KEY, address(registry), REGISTER, 0);
        requests[1].from = stranger; // invalid: skipped, not reverted, when a refund receiver is given

        vm.prank(relayer);
        forwarder.executeBatch(requests, payable(relayer));
        vm.assertEq(registry.userCount(), 1);
        vm.assertEq(forwarder.nonces(stranger), 0);
    }

    function test_executeBatch_revertsForNonRelayer() public {
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](1);
        requests[0] = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        vm.expectRevert(_accessError(earner, forwarder.RELAYER_ROLE()));
        vm.prank(earner);
        forwarder.executeBatch(requests, payable(address(0)));
    }

    function test_executeBatch_revertsOnInvalidRequestWithoutRefundReceiver() public {
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](2);
        requests[0] = _forwardRequestWithNonce(EARNER_KEY, address(registry), REGISTER, 0);
        requests[1] = _forwardRequestWithNonce(EARNER2_KEY, address(registry), REGISTER, 0);
        requests[1].from = stranger; // signature no longer matches
        vm.expectPartialRevert(ERC2771Forwarder.ERC2771ForwarderInvalidSigner.selector);
        vm.prank(relayer);
        forwarder.executeBatch(requests, payable(address(0)));
        vm.assertEq(registry.userCount(), 0);
    }

    function test_executeBatch_doesNotRevertWhenAForwardedCallFails() public {
        // Even the atomic mode only checks signatures and deadlines: a reverting call is reported
        // by ExecutedForwardRequest(success = false), which is what the relayer must read.
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](2);
        requests[0] = _forwardRequestWithNonce(EARNER_KEY, address(registry), REGISTER, 0);
        requests[1] = _forwardRequestWithNonce(EARNER_KEY, address(registry), REGISTER, 1);
        vm.expectEmit(address(forwarder));
        emit ERC2771Forwarder.ExecutedForwardRequest(earner, 0, true);
        vm.expectEmit(address(forwarder));
        emit ERC2771Forwarder.ExecutedForwardRequest(earner, 1, false);
        vm.prank(relayer);
        forwarder.executeBatch(requests, payable(address(0)));
        vm.assertEq(registry.userCount(), 1);
    }

    function test_execute_revertsWhenTheForwardedCallFails() public {
        vm.prank(earner);
        registry.register();
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        vm.expectRevert(abi.encodeWithSignature("FailedCall()"));
        vm.prank(relayer);
        forwarder.execute(request);
    }

    function test_grantRole_addsRelayerByAdmin() public {
        bytes32 role = forwarder.RELAYER_ROLE();
        vm.prank(admin);
        forwarder.grantRole(role, stranger);
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER_KEY, address(registry), REGISTER);
        vm.prank(stranger);
        forwarder.execute(request);
        vm.assertEq(registry.userIdOf(earner), 1);
    }
}
