// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";

/// @notice ADMIN_ROLE administers itself on GetsToken, PlatformSettings, BadgeEscrow and
/// CommunityTreasure: any admin grants and revokes admins, directly or through the forwarder
/// (where the signer, not the forwarder, is the sender). One suite, run once per contract by the
/// concrete tests below.
abstract contract AdminRoleSuite is PlatformFixture {
    bytes32 internal ADMIN_ROLE;
    bytes32 internal DEFAULT_ADMIN_ROLE;
    IAccessControl internal target;

    /// @dev The new admin of these tests; has a key, so it can sign forwarded requests.
    address internal deputy;

    function setUp() public override {
        super.setUp();
        target = _target();
        ADMIN_ROLE = _adminRole();
        DEFAULT_ADMIN_ROLE = bytes32(0);
        deputy = earner;
    }

    /// @dev The contract under test.
    function _target() internal view virtual returns (IAccessControl);

    /// @dev The contract's ADMIN_ROLE constant (read once in setUp).
    function _adminRole() internal view virtual returns (bytes32);

    /// @dev Acts as `who` through ADMIN_ROLE-only calls; the first external call is role-gated, so an
    /// expectRevert before it catches a missing role.
    function _actAsAdmin(address who) internal virtual;

    function _grant(address by, address account) internal {
        vm.prank(by);
        target.grantRole(ADMIN_ROLE, account);
    }

    function _revoke(address by, address account) internal {
        vm.prank(by);
        target.revokeRole(ADMIN_ROLE, account);
    }

    function test_getRoleAdmin_adminRoleAdministersItself() public view {
        vm.assertEq(target.getRoleAdmin(ADMIN_ROLE), ADMIN_ROLE);
        vm.assertEq(target.getRoleAdmin(DEFAULT_ADMIN_ROLE), DEFAULT_ADMIN_ROLE);
        vm.assertTrue(target.hasRole(ADMIN_ROLE, admin));
        vm.assertTrue(target.hasRole(DEFAULT_ADMIN_ROLE, admin));
        vm.assertFalse(target.hasRole(ADMIN_ROLE, deputy));
    }

    function test_grantRole_adminGrantsAdmin() public {
        vm.expectEmit(address(target));
        emit IAccessControl.RoleGranted(ADMIN_ROLE, deputy, admin);
        _grant(admin, deputy);
        vm.assertTrue(target.hasRole(ADMIN_ROLE, deputy));
        vm.assertFalse(target.hasRole(DEFAULT_ADMIN_ROLE, deputy));
        _actAsAdmin(deputy);
    }

    function test_grantRole_grantedAdminGrantsAnother() public {
        _grant(admin, deputy);
        vm.expectEmit(address(target));
        emit IAccessControl.RoleGranted(ADMIN_ROLE, earner2, deputy);
        _grant(deputy, earner2);
        vm.assertTrue(target.hasRole(ADMIN_ROLE, earner2));
        _actAsAdmin(earner2);
    }

    function test_grantRole_worksThroughForwarder() public {
        vm.expectEmit(address(target));
        emit IAccessControl.RoleGranted(ADMIN_ROLE, deputy, admin); // sender: the signer
        _relay(ADMIN_KEY, address(target), abi.encodeCall(IAccessControl.grantRole, (ADMIN_ROLE, deputy)));
        vm.assertTrue(target.hasRole(ADMIN_ROLE, deputy));
        vm.assertFalse(target.hasRole(ADMIN_ROLE, relayer));
        vm.assertFalse(target.hasRole(ADMIN_ROLE, address(forwarder)));
        _actAsAdmin(deputy);
    }

    function test_grantRole_revertsForNonAdmin() public {
        vm.expectRevert(_accessError(stranger, ADMIN_ROLE));
        _grant(stranger, stranger);
        vm.assertFalse(target.hasRole(ADMIN_ROLE, stranger));
    }

    function test_grantRole_revertsThroughForwarderForNonAdminSigner() public {
        bytes memory data = abi.encodeCall(IAccessControl.grantRole, (ADMIN_ROLE, earner2));
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(EARNER2_KEY, address(target), data);
        vm.expectRevert(abi.encodeWithSignature("FailedCall()"));
        vm.prank(relayer);
        forwarder.execute(request);
        vm.assertFalse(target.hasRole(ADMIN_ROLE, earner2));
    }

    function test_grantRole_revertsForDefaultAdminWithoutAdminRole() public {
        // DEFAULT_ADMIN_ROLE no longer administers ADMIN_ROLE: only ADMIN_ROLE holders do.
        vm.prank(admin);
        target.grantRole(DEFAULT_ADMIN_ROLE, stranger);
        vm.expectRevert(_accessError(stranger, ADMIN_ROLE));
        _grant(stranger, earner2);
    }

    function test_revokeRole_adminRevokesAdmin() public {
        _grant(admin, deputy);
        vm.expectEmit(address(target));
        emit IAccessControl.RoleRevoked(ADMIN_ROLE, deputy, admin);
        _revoke(admin, deputy);
        vm.assertFalse(target.hasRole(ADMIN_ROLE, deputy));
        vm.assertTrue(target.hasRole(ADMIN_ROLE, admin));
    }

    function test_revokeRole_worksThroughForwarder() public {
        _grant(admin, deputy);
        vm.expectEmit(address(target));
        emit IAccessControl.RoleRevoked(ADMIN_ROLE, deputy, admin); // sender: the signer
        _relay(ADMIN_KEY, address(target), abi.encodeCall(IAccessControl.revokeRole, (ADMIN_ROLE, deputy)));
        vm.assertFalse(target.hasRole(ADMIN_ROLE, deputy));
    }

    function test_revokeRole_revertsForNonAdmin() public {
        _grant(admin, deputy);
        vm.expectRevert(_accessError(stranger, ADMIN_ROLE));
        _revoke(stranger, deputy);
        vm.assertTrue(target.hasRole(ADMIN_ROLE, deputy));
    }

    function test_revokeRole_revokedAdminCanNoLongerAct() public {
        _grant(admin, deputy);
        _actAsAdmin(deputy);
        _revoke(admin, deputy);

        vm.expectRevert(_accessError(deputy, ADMIN_ROLE));
        _actAsAdmin(deputy);
        vm.expectRevert(_accessError(deputy, ADMIN_ROLE));
        _grant(deputy, earner2);
        vm.expectRevert(_accessError(deputy, ADMIN_ROLE));
        _revoke(deputy, admin);
        vm.assertTrue(target.hasRole(ADMIN_ROLE, admin));
    }

    function test_revokeRole_grantedAdminCanRevokeTheFirstAdmin() public {
        // Any admin may remove any other, the deployer-given one included; DEFAULT_ADMIN_ROLE
        // alone does not bring ADMIN_ROLE back.
        _grant(admin, deputy);
        _revoke(deputy, admin);
        vm.assertFalse(target.hasRole(ADMIN_ROLE, admin));
        vm.assertTrue(target.hasRole(DEFAULT_ADMIN_ROLE, admin));
        vm.expectRevert(_accessError(admin, ADMIN_ROLE));
        _grant(admin, admin);
        vm.expectRevert(_accessError(admin, ADMIN_ROLE));
        _actAsAdmin(admin);
    }
}

contract GetsTokenAdminRoleTest is AdminRoleSuite {
    function _target() internal view override returns (IAccessControl) {
        return token;
    }

    function _adminRole() internal view override returns (bytes32) {
        return token.ADMIN_ROLE();
    }

    function _actAsAdmin(address who) internal override {
        vm.prank(who);
        token.mint(treasury, 1 ether);
    }
}

contract PlatformSettingsAdminRoleTest is AdminRoleSuite {
    function _target() internal view override returns (IAccessControl) {
        return settings;
    }

    function _adminRole() internal view override returns (bytes32) {
        return settings.ADMIN_ROLE();
    }

    function _actAsAdmin(address who) internal override {
        vm.prank(who);
        settings.setClaimPeriod(12);
    }
}

contract BadgeEscrowAdminRoleTest is AdminRoleSuite {
    function _target() internal view override returns (IAccessControl) {
        return badges;
    }

    function _adminRole() internal view override returns (bytes32) {
        return badges.ADMIN_ROLE();
    }

    /// @dev Pause, then unpause, as `who` (the role check comes before the pause state check).
    function _actAsAdmin(address who) internal override {
        vm.prank(who);
        badges.pause();
        if (badges.paused()) {
            vm.prank(who);
            badges.unpause();
        }
    }
}

contract CommunityTreasureAdminRoleTest is AdminRoleSuite {
    function _target() internal view override returns (IAccessControl) {
        return treasure;
    }

    function _adminRole() internal view override returns (bytes32) {
        return treasure.ADMIN_ROLE();
    }

    function _actAsAdmin(address who) internal override {
        vm.prank(who);
        treasure.pause();
        if (treasure.paused()) {
            vm.prank(who);
            treasure.unpause();
        }
    }
}
