// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "../utils/Vm.sol";
import {GetsToken} from "../../src/GetsToken.sol";
import {PlatformSettings} from "../../src/PlatformSettings.sol";
import {CommunityTreasure} from "../../src/CommunityTreasure.sol";

/// @notice Random stakes, withdrawals (locked ones included), admin pool moves, lock-period
/// changes and time passing on CommunityTreasure.
contract CommunityTreasureHandler is TestBase {
    CommunityTreasure public immutable treasure;
    GetsToken public immutable token;
    PlatformSettings public immutable settings;
    address public immutable admin;

    address[] public stakers;
    bool public withdrewBeforeUnlock;
    bool public adminTookStakes;
    uint256 public ghostPool;

    constructor(CommunityTreasure treasure_, GetsToken token_, PlatformSettings settings_, address admin_) {
        treasure = treasure_;
        token = token_;
        settings = settings_;
        admin = admin_;
        for (uint256 i = 0; i < 4; ++i) stakers.push(address(uint160(0xA000 + i)));
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
    }

    function stake(uint256 stakerSeed, uint256 amount) external {
        vm.prank(stakers[stakerSeed % stakers.length]);
        try treasure.stake(bound(amount, 1, 5_000 ether)) {} catch {}
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

    function depositTreasury(uint256 amount) external {
        amount = bound(amount, 1, 100 ether);
        vm.prank(admin);
        try treasure.depositTreasury(amount) {
            ghostPool += amount;
        } catch {}
    }

    function withdrawTreasury(uint256 amount) external {
        amount = bound(amount, 1, 200 ether);
        uint256 staked = treasure.totalStaked();
        vm.prank(admin);
        try treasure.withdrawTreasury(amount) {
            ghostPool -= amount;
            if (token.balanceOf(address(treasure)) < staked) adminTookStakes = true;
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
