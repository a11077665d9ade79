// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";

/// @title GetsToken
/// @notice The platform's GETS utility token: ERC-20, 18 decimals, EIP-2612 permit, gas-free
/// transfers through the platform forwarder. The supply changes only through `mint`.
contract GetsToken is ERC20, ERC20Permit, AccessControl, ERC2771Context {
    /// @notice Role allowed to mint new GETS; its own role admin, so any admin grants and revokes it.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");

    /// @notice Emitted after new GETS were minted.
    event Minted(address indexed to, uint256 amount);

    /// @param admin Platform admin (DEFAULT_ADMIN_ROLE and ADMIN_ROLE; ADMIN_ROLE administers itself).
    /// @param treasury Platform treasury account receiving the initial supply.
    /// @param initialSupply Initial supply in 18-decimal units.
    /// @param forwarder Trusted ERC-2771 forwarder.
    constructor(
        address admin,
        address treasury,
        uint256 initialSupply,
        address forwarder
    ) ERC20("GETS", "GETS") ERC20Permit("GETS") ERC2771Context(forwarder) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(ADMIN_ROLE, admin);
        _setRoleAdmin(ADMIN_ROLE, ADMIN_ROLE);
        _mint(treasury, initialSupply);
    }

    /// @notice Mints new GETS; the only way the supply grows.
    /// @param to Receiver of the new tokens.
    /// @param amount Amount in 18-decimal units.
    function mint(address to, uint256 amount) external onlyRole(ADMIN_ROLE) {
        _mint(to, amount);
        emit Minted(to, amount);
    }

    function _msgSender() internal view override(Context, ERC2771Context) returns (address) {
        return ERC2771Context._msgSender();
    }

    function _msgData() internal view override(Context, ERC2771Context) returns (bytes calldata) {
        return ERC2771Context._msgData();
    }

    function _contextSuffixLength() internal view override(Context, ERC2771Context) returns (uint256) {
        return ERC2771Context._contextSuffixLength();
    }
}
