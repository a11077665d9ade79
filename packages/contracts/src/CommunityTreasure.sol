// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {PlatformSettings} from "./PlatformSettings.sol";

/// @title CommunityTreasure
/// @notice GETS staking with a lock period. Each stake is locked for the lock period in force when
/// it was made, then its owner withdraws it in full. Besides the stakes the contract holds a
/// treasury pool that only the admin deposits to and withdraws from; the admin can never take
/// staked tokens: the pool is the balance above totalStaked.
contract CommunityTreasure is AccessControl, Pausable, ReentrancyGuardTransient, ERC2771Context {
    using SafeERC20 for IERC20;

    /// @notice Role that moves the treasury pool and pauses the contract; its own role admin, so
    /// any admin grants and revokes it.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");

    struct Stake {
        address staker;
        uint64 unlockAt;
        bool withdrawn;
        uint256 amount;
    }

    /// @notice The GETS token.
    IERC20 public immutable token;
    /// @notice Platform settings (lock period).
    PlatformSettings public immutable settings;

    uint256 private _stakeCount;
    uint256 private _totalStaked;
    mapping(uint256 stakeId => Stake) private _stakes;
    mapping(address staker => uint256 amount) private _stakedBalanceOf;

    /// @notice Emitted after a stake was made; stakeId is the stake's onChainId.
    event Staked(uint256 indexed stakeId, address indexed staker, uint256 amount, uint64 unlockAt);
    /// @notice Emitted after a stake was withdrawn by its owner.
    event StakeWithdrawn(uint256 indexed stakeId, address indexed staker, uint256 amount);
    /// @notice Emitted after the admin deposited GETS into the treasury pool.
    event TreasuryDeposited(address indexed admin, uint256 amount);
    /// @notice Emitted after the admin withdrew GETS from the treasury pool.
    event TreasuryWithdrawn(address indexed admin, uint256 amount);

    /// @notice A zero amount.
    error ZeroAmount();
    /// @notice No stake with this id.
    error StakeNotFound(uint256 stakeId);
    /// @notice The caller does not own the stake.
    error NotStakeOwner(uint256 stakeId, address caller);
    /// @notice The stake is still locked.
    error StakeLocked(uint256 stakeId, uint64 unlockAt);
    /// @notice The stake was already withdrawn.
    error StakeAlreadyWithdrawn(uint256 stakeId);
    /// @notice The treasury pool holds less than requested.
    error InsufficientTreasury(uint256 available, uint256 requested);

    /// @param admin Platform admin (DEFAULT_ADMIN_ROLE and ADMIN_ROLE; ADMIN_ROLE administers itself).
    /// @param token_ The GETS token.
    /// @param settings_ Platform settings.
    /// @param forwarder Trusted ERC-2771 forwarder.
    constructor(
        address admin,
        IERC20 token_,
        PlatformSettings settings_,
        address forwarder
    ) ERC2771Context(forwarder) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(ADMIN_ROLE, admin);
        _setRoleAdmin(ADMIN_ROLE, ADMIN_ROLE);
        token = token_;
        settings = settings_;
    }

    /// @notice Stakes GETS from the caller (who must have approved this contract), locked for the
    /// current lock period.
    /// @param amount Amount in 18-decimal units.
    /// @return stakeId The new stake id, counting from 1 (also in Staked).
    function stake(uint256 amount) external whenNotPaused nonReentrant returns (uint256 stakeId) {
        return _stake(_msgSender(), amount);
    }

    /// @notice Same as stake, with an EIP-2612 permit of the GETS token for this contract instead
    /// of a prior approval, so one signature suffices. The permit is tried and ignored when it
    /// fails (e.g. already used by a front-runner); the transfer then needs an allowance.
    /// @param amount Amount in 18-decimal units; also the permitted value.
    /// @param deadline Permit deadline.
    /// @param v Permit signature v.
    /// @param r Permit signature r.
    /// @param s Permit signature s.
    /// @return stakeId The new stake id (also in Staked).
    function stakeWithPermit(
        uint256 amount,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external whenNotPaused nonReentrant returns (uint256 stakeId) {
        address staker = _msgSender();
        try IERC20Permit(address(token)).permit(staker, address(this), amount, deadline, v, r, s) {} catch {}
        return _stake(staker, amount);
    }

    /// @notice Withdraws one of the caller's stakes in full once its lock has ended.
    /// @param stakeId The stake.
    function withdraw(uint256 stakeId) external whenNotPaused nonReentrant {
        Stake storage s = _stakes[stakeId];
        if (s.staker == address(0)) revert StakeNotFound(stakeId);
        address caller = _msgSender();
        if (s.staker != caller) revert NotStakeOwner(stakeId, caller);
        if (s.withdrawn) revert StakeAlreadyWithdrawn(stakeId);
        if (block.timestamp < s.unlockAt) revert StakeLocked(stakeId, s.unlockAt);
        uint256 amount = s.amount;
        s.withdrawn = true;
        _totalStaked -= amount;
        _stakedBalanceOf[caller] -= amount;
        emit StakeWithdrawn(stakeId, caller, amount);
        token.safeTransfer(caller, amount);
    }

    /// @notice Moves GETS from the admin's account into the treasury pool.
    /// @param amount Amount in 18-decimal units.
    function depositTreasury(uint256 amount) external onlyRole(ADMIN_ROLE) nonReentrant {
        _depositTreasury(_msgSender(), amount);
    }

    /// @notice Same as depositTreasury, with an EIP-2612 permit of the GETS token for this contract
    /// instead of a prior approval. The permit is tried and ignored when it fails (e.g. already
    /// used by a front-runner); the transfer then needs an allowance.
    /// @param amount Amount in 18-decimal units; also the permitted value.
    /// @param deadline Permit deadline.
    /// @param v Permit signature v.
    /// @param r Permit signature r.
    /// @param s Permit signature s.
    function depositTreasuryWithPermit(
        uint256 amount,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyRole(ADMIN_ROLE) nonReentrant {
        address admin = _msgSender();
        try IERC20Permit(address(token)).permit(admin, address(this), amount, deadline, v, r, s) {} catch {}
        _depositTreasury(admin, amount);
    }

    /// @notice Moves GETS from the treasury pool to the admin's account. Never touches stakes.
    /// @param amount Amount in 18-decimal units, at most treasuryBalance().
    function withdrawTreasury(uint256 amount) external onlyRole(ADMIN_ROLE) nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 available = treasuryBalance();
        if (amount > available) revert InsufficientTreasury(available, amount);
        address admin = _msgSender();
        emit TreasuryWithdrawn(admin, amount);
        token.safeTransfer(admin, amount);
    }

    /// @notice Pauses staking and withdrawing (emergency switch).
    function pause() external onlyRole(ADMIN_ROLE) {
        _pause();
    }

    /// @notice Lifts the pause.
    function unpause() external onlyRole(ADMIN_ROLE) {
        _unpause();
    }

    /// @notice The treasury pool: GETS held above the open stakes.
    function treasuryBalance() public view returns (uint256) {
        return token.balanceOf(address(this)) - _totalStaked;
    }

    /// @notice Sum of all open (not withdrawn) stakes.
    function totalStaked() external view returns (uint256) {
        return _totalStaked;
    }

    /// @notice Sum of a staker's open stakes.
    /// @param staker The staker.
    function stakedBalanceOf(address staker) external view returns (uint256) {
        return _stakedBalanceOf[staker];
    }

    /// @notice A stake; staker is the zero address for an unknown id.
    /// @param stakeId The stake.
    function getStake(uint256 stakeId) external view returns (Stake memory) {
        return _stakes[stakeId];
    }

    /// @notice Number of stakes made (also the latest stake id).
    function stakeCount() external view returns (uint256) {
        return _stakeCount;
    }

    /// @dev Records a stake locked for the current lock period, then pulls the tokens.
    function _stake(address staker, uint256 amount) private returns (uint256 stakeId) {
        if (amount == 0) revert ZeroAmount();
        uint64 unlockAt = uint64(block.timestamp) + uint64(settings.lockPeriod()) * 1 days;
        stakeId = ++_stakeCount;
        _stakes[stakeId] = Stake({staker: staker, unlockAt: unlockAt, withdrawn: false, amount: amount});
        _totalStaked += amount;
        _stakedBalanceOf[staker] += amount;
        emit Staked(stakeId, staker, amount, unlockAt);
        token.safeTransferFrom(staker, address(this), amount);
    }

    function _depositTreasury(address admin, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        emit TreasuryDeposited(admin, amount);
        token.safeTransferFrom(admin, address(this), amount);
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
