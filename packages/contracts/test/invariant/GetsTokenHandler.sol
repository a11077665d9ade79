// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "../utils/Vm.sol";
import {GetsToken} from "../../src/GetsToken.sol";

/// @notice Random transfers, allowances, transferFroms and admin mints on GETS.
contract GetsTokenHandler is TestBase {
    GetsToken public immutable token;
    address public immutable admin;
    address[] public holders;
    uint256 public ghostMinted;

    constructor(GetsToken token_, address admin_, address treasury_) {
        token = token_;
        admin = admin_;
        holders.push(treasury_);
        holders.push(admin_);
        for (uint256 i = 0; i < 4; ++i) holders.push(address(uint160(0xC000 + i)));
    }

    function holderCount() external view returns (uint256) {
        return holders.length;
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 amount) external {
        address from = holders[fromSeed % holders.length];
        amount = bound(amount, 0, token.balanceOf(from));
        vm.prank(from);
        token.transfer(holders[toSeed % holders.length], amount);
    }

    function approveAndTransferFrom(uint256 fromSeed, uint256 spenderSeed, uint256 amount) external {
        address from = holders[fromSeed % holders.length];
        address spender = holders[spenderSeed % holders.length];
        amount = bound(amount, 0, token.balanceOf(from));
        vm.prank(from);
        token.approve(spender, amount);
        vm.prank(spender);
        token.transferFrom(from, spender, amount);
    }

    function mint(uint256 toSeed, uint256 amount) external {
        amount = bound(amount, 0, 1_000_000 ether);
        vm.prank(admin);
        token.mint(holders[toSeed % holders.length], amount);
        ghostMinted += amount;
    }

    /// @dev A non-admin mint must fail and leave the supply alone.
    function mintAsStranger(uint256 toSeed, uint256 amount) external {
        vm.prank(holders[2 + (toSeed % (holders.length - 2))]);
        try token.mint(holders[toSeed % holders.length], amount) {
            ghostMinted += amount; // would make the supply invariant fail loudly elsewhere
            revert("non-admin minted");
        } catch {}
    }
}
