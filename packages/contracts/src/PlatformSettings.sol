// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";

/// @title PlatformSettings
/// @notice The platform periods (claim, approval, lock; whole days) and the treasury account
/// that receives badge creation fees. Set by the admin, read by the other contracts and anyone.
contract PlatformSettings is AccessControl, ERC2771Context {
    /// @notice Role allowed to change the settings; its own role admin, so any admin grants and revokes it.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice Longest period accepted, in days (ten years).
    uint32 public constant MAX_PERIOD_DAYS = 3650;

    uint32 private _claimPeriod = 10;
    uint32 private _approvalPeriod = 10;
    uint32 private _lockPeriod = 30;
    address private _treasury;

    /// @notice Emitted after the claim period changed.
    event ClaimPeriodUpdated(uint32 oldDays, uint32 newDays);
    /// @notice Emitted after the approval period changed.
    event ApprovalPeriodUpdated(uint32 oldDays, uint32 newDays);
    /// @notice Emitted after the lock period changed.
    event LockPeriodUpdated(uint32 oldDays, uint32 newDays);
    /// @notice Emitted after the treasury account changed.
    event TreasuryUpdated(address oldTreasury, address newTreasury);

    /// @notice A period outside 1..MAX_PERIOD_DAYS days.
    error InvalidPeriod(uint32 periodDays);
    /// @notice The zero address where an account is required.
    error ZeroAddress();

    /// @param admin Platform admin (DEFAULT_ADMIN_ROLE and ADMIN_ROLE; ADMIN_ROLE administers itself).
    /// @param treasury_ Platform treasury account (receives creation fees).
    /// @param forwarder Trusted ERC-2771 forwarder.
    constructor(address admin, address treasury_, address forwarder) ERC2771Context(forwarder) {
        if (treasury_ == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(ADMIN_ROLE, admin);
        _setRoleAdmin(ADMIN_ROLE, ADMIN_ROLE);
        _treasury = treasury_;
    }

    /// @notice Days an approved earner has to claim a badge.
    function claimPeriod() external view returns (uint32) {
        return _claimPeriod;
    }

    /// @notice Days the admin has to approve a newly created badge.
    function approvalPeriod() external view returns (uint32) {
        return _approvalPeriod;
    }

    /// @notice Days a Community Treasure stake stays locked.
    function lockPeriod() external view returns (uint32) {
        return _lockPeriod;
    }

    /// @notice Platform treasury account (receives badge creation fees).
    function treasury() external view returns (address) {
        return _treasury;
    }

    /// @notice Sets the claim period.
    /// @param newDays Whole days, 1..MAX_PERIOD_DAYS.
    function setClaimPeriod(uint32 newDays) external onlyRole(ADMIN_ROLE) {
        _checkPeriod(newDays);
        uint32 oldDays = _claimPeriod;
        _claimPeriod = newDays;
        emit ClaimPeriodUpdated(oldDays, newDays);
    }

    /// @notice Sets the approval period.
    /// @param newDays Whole days, 1..MAX_PERIOD_DAYS.
    function setApprovalPeriod(uint32 newDays) external onlyRole(ADMIN_ROLE) {
        _checkPeriod(newDays);
        uint32 oldDays = _approvalPeriod;
        _approvalPeriod = newDays;
        emit ApprovalPeriodUpdated(oldDays, newDays);
    }

    /// @notice Sets the lock period.
    /// @param newDays Whole days, 1..MAX_PERIOD_DAYS.
    function setLockPeriod(uint32 newDays) external onlyRole(ADMIN_ROLE) {
        _checkPeriod(newDays);
        uint32 oldDays = _lockPeriod;
        _lockPeriod = newDays;
        emit LockPeriodUpdated(oldDays, newDays);
    }

    /// @notice Sets the treasury account that receives badge creation fees.
    /// @param newTreasury The new treasury account (not zero).
    function setTreasury(address newTreasury) external onlyRole(ADMIN_ROLE) {
        if (newTreasury == address(0)) revert ZeroAddress();
        address oldTreasury = _treasury;
        _treasury = newTreasury;
        emit TreasuryUpdated(oldTreasury, newTreasury);
    }

    function _checkPeriod(uint32 periodDays) private pure {
        if (periodDays == 0 || periodDays > MAX_PERIOD_DAYS) revert InvalidPeriod(periodDays);
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
