// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "../utils/Vm.sol";
import {GetsToken} from "../../src/GetsToken.sol";

/// @notice Random transfers, allowances, transferFroms, admin mints, and admins granting and
/// revoking ADMIN_ROLE (which administers itself) on GETS.
contract GetsTokenHandler is TestBase {
    GetsToken public immutable token;
    address public immutable admin;
    bytes32 public immutable ADMIN_ROLE;
    address[] public holders;
    uint256 public ghostMinted;

    /// @dev Who should hold ADMIN_ROLE, following only the grants and revokes that succeeded.
    mapping(address account => bool) public ghostAdmin;
    uint256 public ghostAdminCount;
    /// @dev A grant or revoke by a non-admin succeeded.
    bool public nonAdminChangedRoles;
    /// @dev A grant or revoke by an admin failed.
    bool public adminRoleChangeFailed;

    constructor(GetsToken token_, address admin_, address treasury_) {
        token = token_;
        admin = admin_;
        ADMIN_ROLE = token_.ADMIN_ROLE();
        holders.push(treasury_);
        holders.push(admin_);
        for (uint256 i = 0; i < 4; ++i) holders.push(address(uint160(0xC000 + i)));
        ghostAdmin[admin_] = true;
        ghostAdminCount = 1;
    }

    function holderCount() external view returns (uint256) {
        return holders.length;
    }

    /// @dev A current admin (there is always one: the last admin is never revoked here).
    function _someAdmin(uint256 seed) private view returns (address) {
        uint256 n = holders.length;
        uint256 start = seed % n; // reduced first: seed + i could overflow
        for (uint256 i = 0; i < n; ++i) {
            address holder = holders[(start + i) % n];
            if (ghostAdmin[holder]) return holder;
        }
        return admin;
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

    /// @dev Mints as any current admin, the original one or one granted since.
    function mint(uint256 minterSeed, uint256 toSeed, uint256 amount) external {
        amount = bound(amount, 0, 1_000_000 ether);
        vm.prank(_someAdmin(minterSeed));
        token.mint(holders[toSeed % holders.length], amount);
        ghostMinted += amount;
    }

    /// @dev A non-admin mint must fail and leave the supply alone.
    function mintAsStranger(uint256 toSeed, uint256 amount) external {
        address stranger = holders[2 + (toSeed % (holders.length - 2))];
        if (ghostAdmin[stranger]) return;
        vm.prank(stranger);
        try token.mint(holders[toSeed % holders.length], amount) {
            ghostMinted += amount; // would make the supply invariant fail loudly elsewhere
            revert("non-admin minted");
        } catch {}
    }

    /// @dev Any holder, admin or not, tries to make any holder an admin.
    function grantAdmin(uint256 granterSeed, uint256 accountSeed) external {
        address granter = holders[granterSeed % holders.length];
        address account = holders[accountSeed % holders.length];
        vm.prank(granter);
        try token.grantRole(ADMIN_ROLE, account) {
            if (!ghostAdmin[granter]) nonAdminChangedRoles = true;
            if (!ghostAdmin[account]) {
                ghostAdmin[account] = true;
                ++ghostAdminCount;
            }
        } catch {
            if (ghostAdmin[granter]) adminRoleChangeFailed = true;
        }
    }

    /// @dev Any holder tries to revoke any holder's ADMIN_ROLE (never the last admin's).
    function revokeAdmin(uint256 revokerSeed, uint256 accountSeed) external {
        address revoker = holders[revokerSeed % holders.length];
        address account = holders[accountSeed % holders.length];
        if (ghostAdmin[account] && ghostAdminCount == 1) return;
        vm.prank(revoker);
        try token.revokeRole(ADMIN_ROLE, account) {
            if (!ghostAdmin[revoker]) nonAdminChangedRoles = true;
            if (ghostAdmin[account]) {
                ghostAdmin[account] = false;
                --ghostAdminCount;
            }
        } catch {
            if (ghostAdmin[revoker]) adminRoleChangeFailed = true;
        }
    }
}
