// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {GetsToken} from "../src/GetsToken.sol";

contract GetsTokenTest is PlatformFixture {
    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    function _signPermit(uint256 key, address spender, uint256 value, uint256 deadline)
        private
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        address owner = vm.addr(key);
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, token.nonces(owner), deadline));
        return vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    function test_constructor_mintsInitialSupplyToTreasury() public {
        GetsToken fresh = new GetsToken(admin, treasury, INITIAL_SUPPLY, address(forwarder));
        vm.assertEq(fresh.symbol(), "GETS");
        vm.assertEq(fresh.name(), "GETS");
        vm.assertEq(fresh.decimals(), 18);
        vm.assertEq(fresh.totalSupply(), INITIAL_SUPPLY);
        vm.assertEq(fresh.balanceOf(treasury), INITIAL_SUPPLY);
        vm.assertTrue(fresh.hasRole(fresh.ADMIN_ROLE(), admin));
        vm.assertTrue(fresh.isTrustedForwarder(address(forwarder)));
    }

    function test_mint_increasesSupplyAndEmits() public {
        vm.expectEmit(address(token));
        emit GetsToken.Minted(earner, 5 ether);
        vm.prank(admin);
        token.mint(earner, 5 ether);
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY + 5 ether);
        vm.assertEq(token.balanceOf(earner), 1_005 ether);
    }

    function test_mint_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(treasury, token.ADMIN_ROLE()));
        vm.prank(treasury);
        token.mint(treasury, 1);
    }

    function test_mint_revertsToZeroAddress() public {
        vm.expectRevert(abi.encodeWithSignature("ERC20InvalidReceiver(address)", address(0)));
        vm.prank(admin);
        token.mint(address(0), 1);
    }

    function test_permit_setsAllowanceFromSignature() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, address(badges), 42 ether, deadline);
        vm.prank(relayer); // anyone may submit a permit
        token.permit(earner, address(badges), 42 ether, deadline, v, r, s);
        vm.assertEq(token.allowance(earner, address(badges)), 42 ether);
        vm.assertEq(token.nonces(earner), 1);
    }

    function test_permit_revertsAfterDeadline() public {
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER_KEY, address(badges), 1 ether, deadline);
        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612ExpiredSignature.selector, deadline));
        token.permit(earner, address(badges), 1 ether, deadline, v, r, s);
    }

    function test_permit_revertsOnWrongSigner() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(EARNER2_KEY, address(badges), 1 ether, deadline);
        vm.expectPartialRevert(ERC20Permit.ERC2612InvalidSigner.selector);
        token.permit(earner, address(badges), 1 ether, deadline, v, r, s);
    }

    function test_transfer_worksThroughForwarderForGaslessUser() public {
        _relay(EARNER_KEY, address(token), abi.encodeCall(IERC20.transfer, (earner2, 10 ether)));
        vm.assertEq(token.balanceOf(earner), 990 ether);
        vm.assertEq(token.balanceOf(earner2), 1_010 ether);
        vm.assertEq(token.balanceOf(relayer), 0);
    }

    function test_transfer_revertsOnInsufficientBalance() public {
        vm.expectRevert(
            abi.encodeWithSignature("ERC20InsufficientBalance(address,uint256,uint256)", stranger, 0, 1)
        );
        vm.prank(stranger);
        token.transfer(earner, 1);
    }

    function testFuzz_transfer_keepsSupply(uint256 amount) public {
        amount = bound(amount, 0, token.balanceOf(treasury));
        vm.prank(treasury);
        token.transfer(stranger, amount);
        vm.assertEq(token.balanceOf(stranger), amount);
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY);
    }

    function testFuzz_mint_addsExactly(uint256 amount) public {
        amount = bound(amount, 0, type(uint128).max);
        vm.prank(admin);
        token.mint(stranger, amount);
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY + amount);
    }
}
