// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "../utils/Vm.sol";
import {GetsToken} from "../../src/GetsToken.sol";
import {PlatformSettings} from "../../src/PlatformSettings.sol";
import {CommunityTreasure} from "../../src/CommunityTreasure.sol";

/// @notice Random stakes (with an approval or an EIP-2612 permit), withdrawals (locked ones
/// included), admin pool moves (likewise), lock-period changes and time passing on
/// CommunityTreasure. Pool moves are made by the platform admin or by a deputy whose ADMIN_ROLE
/// the admin grants and revokes. Permits are valid, front-run, for another amount or expired.
contract CommunityTreasureHandler is TestBase {
    CommunityTreasure public immutable treasure;
    GetsToken public immutable token;
    PlatformSettings public immutable settings;
    address public immutable admin;
    address public immutable deputy;
    bytes32 public immutable ADMIN_ROLE;

    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    uint256 private constant DEPUTY_KEY = 0xD3917;
    uint256 private immutable _adminKey;

    address[] public stakers;
    uint256[] private _stakerKeys;
    bool public withdrewBeforeUnlock;
    bool public adminTookStakes;
    uint256 public ghostPool;
    /// @dev Whether the deputy should hold ADMIN_ROLE (grants and revokes that succeeded).
    bool public ghostDeputyIsAdmin;
    /// @dev A pool move by the deputy succeeded while it was not an admin.
    bool public nonAdminMovedPool;
    /// @dev A stake or pool deposit with a permit moved other than exactly its amount.
    bool public permitMovedWrongAmount;

    constructor(CommunityTreasure treasure_, GetsToken token_, PlatformSettings settings_, uint256 adminKey) {
        treasure = treasure_;
        token = token_;
        settings = settings_;
        _adminKey = adminKey;
        admin = vm.addr(adminKey);
        deputy = vm.addr(DEPUTY_KEY);
        ADMIN_ROLE = treasure_.ADMIN_ROLE();
        for (uint256 i = 0; i < 4; ++i) {
            _stakerKeys.push(0xA000 + i);
            stakers.push(vm.addr(0xA000 + i));
        }
    }

    function stakerCount() external view returns (uint256) {
        return stakers.length;
    }

    function approveAll() external {
        for (uint256 i = 0; i < stakers.length; ++i) {
            vm.prank(stakers[i]);
            token.approve(address(treasure), type(uint256).max);
        }
        vm.prank(admin);
        token.approve(address(treasure), type(uint256).max);
        vm.prank(deputy);
        token.approve(address(treasure), type(uint256).max);
    }

    /// @dev The admin, or the deputy (admin or not) one time in three.
    function _adminActor(uint256 seed) private view returns (address) {
        return seed % 3 == 0 ? deputy : admin;
    }

    /// @dev Signs a GETS permit for the treasure; mode % 4: 0 valid, 1 valid and front-run (the
    /// permit is submitted first by someone else), 2 signed for another amount, 3 expired.
    function _permit(uint256 key, uint256 amount, uint256 mode)
        private
        returns (uint256 deadline, uint8 v, bytes32 r, bytes32 s)
    {
        address owner = vm.addr(key);
        deadline = mode % 4 == 3 ? block.timestamp - 1 : block.timestamp + 1 hours;
        uint256 signedValue = mode % 4 == 2 ? amount + 1 : amount;
        uint256 nonce = token.nonces(owner);
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, owner, address(treasure), signedValue, nonce, deadline));
        (v, r, s) = vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
        if (mode % 4 == 1) token.permit(owner, address(treasure), amount, deadline, v, r, s);
    }

    /// @dev The admin (or the deputy, when it is an admin) grants or revokes the deputy's ADMIN_ROLE.
    function setDeputyAdmin(bool grant, bool byDeputy) external {
        vm.prank(byDeputy ? deputy : admin);
        if (grant) {
            try treasure.grantRole(ADMIN_ROLE, deputy) {
                ghostDeputyIsAdmin = true;
            } catch {}
        } else {
            try treasure.revokeRole(ADMIN_ROLE, deputy) {
                ghostDeputyIsAdmin = false;
            } catch {}
        }
    }

    function stake(uint256 stakerSeed, uint256 amount) external {
        vm.prank(stakers[stakerSeed % stakers.length]);
        try treasure.stake(bound(amount, 1, 5_000 ether)) {} catch {}
    }

    /// @dev A failed permit leaves the stake to the allowance approveAll gave, if still there.
    function stakeWithPermit(uint256 stakerSeed, uint256 amount, uint256 mode) external {
        uint256 i = stakerSeed % stakers.length;
        address staker = stakers[i];
        amount = bound(amount, 1, 5_000 ether);
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) = _permit(_stakerKeys[i], amount, mode);
        uint256 balanceBefore = token.balanceOf(staker);
        uint256 stakedBefore = treasure.stakedBalanceOf(staker);
        vm.prank(staker);
        try treasure.stakeWithPermit(amount, deadline, v, r, s) {
            if (token.balanceOf(staker) + amount != balanceBefore) permitMovedWrongAmount = true;
            if (treasure.stakedBalanceOf(staker) != stakedBefore + amount) permitMovedWrongAmount = true;
        } catch {}
    }

    function withdraw(uint256 stakeSeed) external {
        uint256 count = treasure.stakeCount();
        if (count == 0) return;
        uint256 stakeId = 1 + (stakeSeed % count);
        CommunityTreasure.Stake memory s = treasure.getStake(stakeId);
        bool locked = block.timestamp < s.unlockAt;
        vm.prank(s.staker);
        try treasure.withdraw(stakeId) {
            if (locked) withdrewBeforeUnlock = true;
        } catch {}
    }

    function depositTreasury(uint256 amount, uint256 actorSeed) external {
        amount = bound(amount, 1, 100 ether);
        address caller = _adminActor(actorSeed);
        vm.prank(caller);
        try treasure.depositTreasury(amount) {
            ghostPool += amount;
            if (caller == deputy && !ghostDeputyIsAdmin) nonAdminMovedPool = true;
        } catch {}
    }

    function depositTreasuryWithPermit(uint256 amount, uint256 actorSeed, uint256 mode) external {
        amount = bound(amount, 1, 100 ether);
        address caller = _adminActor(actorSeed);
        (uint256 deadline, uint8 v, bytes32 r, bytes32 s) =
            _permit(caller == deputy ? DEPUTY_KEY : _adminKey, amount, mode);
        uint256 balanceBefore = token.balanceOf(caller);
        vm.prank(caller);
        try treasure.depositTreasuryWithPermit(amount, deadline, v, r, s) {
            ghostPool += amount;
            if (caller == deputy && !ghostDeputyIsAdmin) nonAdminMovedPool = true;
            if (token.balanceOf(caller) + amount != balanceBefore) permitMovedWrongAmount = true;
        } catch {}
    }

    function withdrawTreasury(uint256 amount, uint256 actorSeed) external {
        amount = bound(amount, 1, 200 ether);
        uint256 staked = treasure.totalStaked();
        address caller = _adminActor(actorSeed);
        vm.prank(caller);
        try treasure.withdrawTreasury(amount) {
            ghostPool -= amount;
            if (token.balanceOf(address(treasure)) < staked) adminTookStakes = true;
            if (caller == deputy && !ghostDeputyIsAdmin) nonAdminMovedPool = true;
        } catch {}
    }

    function setLockPeriod(uint256 lockDays) external {
        vm.prank(admin);
        settings.setLockPeriod(uint32(bound(lockDays, 1, 60)));
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 20 days));
    }
}
