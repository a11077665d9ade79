// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";

/// @title UserRegistry
/// @notice Gives every platform account an on-chain user id (the spec's onChainId), 1, 2, 3...
contract UserRegistry is ERC2771Context {
    uint256 private _userCount;
    mapping(address account => uint256 userId) private _userIdOf;
    mapping(uint256 userId => address account) private _accountOf;

    /// @notice Emitted after an account registered; userId is its onChainId.
    event UserRegistered(uint256 indexed userId, address indexed account);

    /// @notice The account already has a user id.
    error AlreadyRegistered(address account, uint256 userId);

    /// @param forwarder Trusted ERC-2771 forwarder.
    constructor(address forwarder) ERC2771Context(forwarder) {}

    /// @notice Registers the caller and returns its new user id.
    /// @return userId The caller's onChainId, also in the UserRegistered event.
    function register() external returns (uint256 userId) {
        address account = _msgSender();
        uint256 existing = _userIdOf[account];
        if (existing != 0) revert AlreadyRegistered(account, existing);
        userId = ++_userCount;
        _userIdOf[account] = userId;
        _accountOf[userId] = account;
        emit UserRegistered(userId, account);
    }

    /// @notice User id of an account, 0 when not registered.
    /// @param account The account to look up.
    function userIdOf(address account) external view returns (uint256) {
        return _userIdOf[account];
    }

    /// @notice Account of a user id, the zero address when unknown.
    /// @param userId The user id to look up.
    function accountOf(uint256 userId) external view returns (address) {
        return _accountOf[userId];
    }

    /// @notice Number of registered users (also the latest user id).
    function userCount() external view returns (uint256) {
        return _userCount;
    }
}
