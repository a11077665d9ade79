// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "../utils/PlatformFixture.sol";
import {GetsTokenHandler} from "./GetsTokenHandler.sol";

contract GetsTokenInvariantTest is PlatformFixture {
    GetsTokenHandler private handler;

    function setUp() public override {
        super.setUp();
        handler = new GetsTokenHandler(token, admin, treasury);
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// GETS supply changes only by explicit mint.
    function invariant_supplyChangesOnlyByMint() public view {
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY + handler.ghostMinted());
    }

    /// Every token is held by someone the handler knows (fixture accounts hold the rest).
    function invariant_balancesSumToSupply() public view {
        uint256 sum = token.balanceOf(sponsor) + token.balanceOf(earner) + token.balanceOf(earner2);
        for (uint256 i = 0; i < handler.holderCount(); ++i) sum += token.balanceOf(handler.holders(i));
        vm.assertEq(sum, token.totalSupply());
    }

    /// ADMIN_ROLE changes only by an admin's grant or revoke, and every admin's succeeds.
    function invariant_adminRoleChangedOnlyByAdmins() public view {
        vm.assertFalse(handler.nonAdminChangedRoles());
        vm.assertFalse(handler.adminRoleChangeFailed());
        uint256 admins;
        for (uint256 i = 0; i < handler.holderCount(); ++i) {
            address holder = handler.holders(i);
            vm.assertEq(token.hasRole(token.ADMIN_ROLE(), holder), handler.ghostAdmin(holder));
            if (handler.ghostAdmin(holder)) ++admins;
        }
        vm.assertEq(admins, handler.ghostAdminCount());
        vm.assertTrue(admins > 0);
        vm.assertTrue(token.hasRole(token.DEFAULT_ADMIN_ROLE(), admin));
    }
}
