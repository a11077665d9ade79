// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {UserRegistry} from "../src/UserRegistry.sol";

contract UserRegistryTest is PlatformFixture {
    function test_register_assignsIdsFromOne() public {
        vm.expectEmit(address(registry));
        emit UserRegistry.UserRegistered(1, earner);
        vm.prank(earner);
        uint256 first = registry.register();

        vm.prank(sponsor);
        uint256 second = registry.register();

        vm.assertEq(first, 1);
        vm.assertEq(second, 2);
        vm.assertEq(registry.userIdOf(earner), 1);
        vm.assertEq(registry.accountOf(2), sponsor);
        vm.assertEq(registry.userCount(), 2);
    }

    function test_register_revertsWhenAlreadyRegistered() public {
        vm.prank(earner);
        registry.register();
        vm.expectRevert(abi.encodeWithSelector(UserRegistry.AlreadyRegistered.selector, earner, 1));
        vm.prank(earner);
        registry.register();
    }

    function test_register_registersTheSignerThroughForwarder() public {
        vm.expectEmit(address(registry));
        emit UserRegistry.UserRegistered(1, earner);
        _relay(EARNER_KEY, address(registry), abi.encodeCall(UserRegistry.register, ()));
        vm.assertEq(registry.userIdOf(earner), 1);
        vm.assertEq(registry.userIdOf(relayer), 0);
    }

    function test_userIdOf_isZeroForUnknown() public view {
        vm.assertEq(registry.userIdOf(stranger), 0);
        vm.assertEq(registry.accountOf(7), address(0));
        vm.assertEq(registry.userCount(), 0);
    }

    function testFuzz_register_givesDistinctSequentialIds(uint8 count) public {
        count = uint8(bound(count, 1, 40));
        for (uint256 i = 1; i <= count; ++i) {
            address account = address(uint160(0x1000 + i));
            vm.prank(account);
            vm.assertEq(registry.register(), i);
            vm.assertEq(registry.accountOf(i), account);
        }
        vm.assertEq(registry.userCount(), count);
    }
}
