// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {BadgeToken} from "../src/BadgeToken.sol";

contract BadgeTokenTest is PlatformFixture {
    BadgeToken private standalone;

    function setUp() public override {
        super.setUp();
        standalone = new BadgeToken(); // this test contract is its minter
    }

    function test_constructor_setsDeployerAsMinter() public view {
        vm.assertEq(badgeToken.minter(), address(badges));
        vm.assertEq(standalone.minter(), address(this));
        vm.assertEq(standalone.name(), "GETS Badge");
        vm.assertEq(standalone.symbol(), "GETSB");
    }

    function test_mint_mintsSequentialTokens() public {
        vm.assertEq(standalone.mint(earner, 7), 1);
        vm.assertEq(standalone.mint(earner2, 8), 2);
        vm.assertEq(standalone.ownerOf(1), earner);
        vm.assertEq(standalone.badgeOf(2), 8);
        vm.assertEq(standalone.totalMinted(), 2);
        vm.assertEq(standalone.badgeOf(3), 0);
    }

    function test_mint_revertsForNonMinter() public {
        vm.expectRevert(abi.encodeWithSelector(BadgeToken.NotMinter.selector, stranger));
        vm.prank(stranger);
        standalone.mint(stranger, 1);
    }

    function test_transferFrom_revertsSoulbound() public {
        standalone.mint(earner, 1);
        vm.expectRevert(BadgeToken.Soulbound.selector);
        vm.prank(earner);
        standalone.transferFrom(earner, earner2, 1);
    }

    function test_safeTransferFrom_revertsSoulbound() public {
        standalone.mint(earner, 1);
        vm.expectRevert(BadgeToken.Soulbound.selector);
        vm.prank(earner);
        standalone.safeTransferFrom(earner, earner2, 1);
    }

    function test_approve_revertsSoulbound() public {
        standalone.mint(earner, 1);
        vm.expectRevert(BadgeToken.Soulbound.selector);
        vm.prank(earner);
        standalone.approve(earner2, 1);
    }

    function test_setApprovalForAll_revertsSoulbound() public {
        vm.expectRevert(BadgeToken.Soulbound.selector);
        vm.prank(earner);
        standalone.setApprovalForAll(earner2, true);
    }
}
