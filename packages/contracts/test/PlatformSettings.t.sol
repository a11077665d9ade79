// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {PlatformSettings} from "../src/PlatformSettings.sol";

contract PlatformSettingsTest is PlatformFixture {
    bytes32 private ADMIN_ROLE;

    function setUp() public override {
        super.setUp();
        ADMIN_ROLE = settings.ADMIN_ROLE();
    }

    function test_constructor_setsDefaultsAndRoles() public view {
        vm.assertEq(settings.claimPeriod(), 10);
        vm.assertEq(settings.approvalPeriod(), 10);
        vm.assertEq(settings.lockPeriod(), 30);
        vm.assertEq(settings.treasury(), treasury);
        vm.assertTrue(settings.hasRole(ADMIN_ROLE, admin));
        vm.assertTrue(settings.hasRole(settings.DEFAULT_ADMIN_ROLE(), admin));
        vm.assertFalse(settings.hasRole(ADMIN_ROLE, relayer));
    }

    function test_constructor_revertsOnZeroTreasury() public {
        vm.expectRevert(PlatformSettings.ZeroAddress.selector);
        new PlatformSettings(admin, address(0), address(forwarder));
    }

    function test_setClaimPeriod_updatesAndEmits() public {
        vm.expectEmit(address(settings));
        emit PlatformSettings.ClaimPeriodUpdated(10, 14);
        vm.prank(admin);
        settings.setClaimPeriod(14);
        vm.assertEq(settings.claimPeriod(), 14);
    }

    function test_setClaimPeriod_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(stranger, ADMIN_ROLE));
        vm.prank(stranger);
        settings.setClaimPeriod(14);
    }

    function test_setClaimPeriod_revertsOnZero() public {
        vm.expectRevert(abi.encodeWithSelector(PlatformSettings.InvalidPeriod.selector, 0));
        vm.prank(admin);
        settings.setClaimPeriod(0);
    }

    function test_setClaimPeriod_revertsAboveMax() public {
        vm.expectRevert(abi.encodeWithSelector(PlatformSettings.InvalidPeriod.selector, 3651));
        vm.prank(admin);
        settings.setClaimPeriod(3651);
    }

    function test_setApprovalPeriod_updatesAndEmits() public {
        vm.expectEmit(address(settings));
        emit PlatformSettings.ApprovalPeriodUpdated(10, 3);
        vm.prank(admin);
        settings.setApprovalPeriod(3);
        vm.assertEq(settings.approvalPeriod(), 3);
    }

    function test_setApprovalPeriod_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(sponsor, ADMIN_ROLE));
        vm.prank(sponsor);
        settings.setApprovalPeriod(3);
    }

    function test_setApprovalPeriod_revertsOnInvalidPeriod() public {
        vm.expectRevert(abi.encodeWithSelector(PlatformSettings.InvalidPeriod.selector, 0));
        vm.prank(admin);
        settings.setApprovalPeriod(0);
    }

    function test_setLockPeriod_updatesAndEmits() public {
        vm.expectEmit(address(settings));
        emit PlatformSettings.LockPeriodUpdated(30, 3650);
        vm.prank(admin);
        settings.setLockPeriod(3650);
        vm.assertEq(settings.lockPeriod(), 3650);
    }

    function test_setLockPeriod_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(relayer, ADMIN_ROLE));
        vm.prank(relayer);
        settings.setLockPeriod(7);
    }

    function test_setLockPeriod_revertsOnInvalidPeriod() public {
        vm.expectRevert(abi.encodeWithSelector(PlatformSettings.InvalidPeriod.selector, 4000));
        vm.prank(admin);
        settings.setLockPeriod(4000);
    }

    function test_setTreasury_updatesAndEmits() public {
        vm.expectEmit(address(settings));
        emit PlatformSettings.TreasuryUpdated(treasury, stranger);
        vm.prank(admin);
        settings.setTreasury(stranger);
        vm.assertEq(settings.treasury(), stranger);
    }

    function test_setTreasury_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(stranger, ADMIN_ROLE));
        vm.prank(stranger);
        settings.setTreasury(stranger);
    }

    function test_setTreasury_revertsOnZeroAddress() public {
        vm.expectRevert(PlatformSettings.ZeroAddress.selector);
        vm.prank(admin);
        settings.setTreasury(address(0));
    }

    function test_setClaimPeriod_worksThroughForwarder() public {
        bytes memory data = abi.encodeCall(PlatformSettings.setClaimPeriod, (21));
        _relay(ADMIN_KEY, address(settings), data);
        vm.assertEq(settings.claimPeriod(), 21);
    }

    function testFuzz_setPeriods_acceptsEveryValidDay(uint32 newDays) public {
        newDays = uint32(bound(newDays, 1, 3650));
        vm.startPrank(admin);
        settings.setClaimPeriod(newDays);
        settings.setApprovalPeriod(newDays);
        settings.setLockPeriod(newDays);
        vm.stopPrank();
        vm.assertEq(settings.claimPeriod(), newDays);
        vm.assertEq(settings.approvalPeriod(), newDays);
        vm.assertEq(settings.lockPeriod(), newDays);
    }
}
