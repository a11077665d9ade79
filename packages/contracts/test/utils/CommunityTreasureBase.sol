// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "./PlatformFixture.sol";

/// @notice Setup and helpers shared by the CommunityTreasure unit tests
/// (test/CommunityTreasure.*.t.sol): earner, earner2 and admin have approved the treasure for
/// everything they hold.
abstract contract CommunityTreasureBase is PlatformFixture {
    bytes32 internal ADMIN_ROLE;

    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    uint256 internal constant POOR_KEY = 0xB00;

    function setUp() public virtual override {
        super.setUp();
        ADMIN_ROLE = treasure.ADMIN_ROLE();
        vm.prank(earner);
        token.approve(address(treasure), type(uint256).max);
        vm.prank(earner2);
        token.approve(address(treasure), type(uint256).max);
        vm.prank(admin);
        token.approve(address(treasure), type(uint256).max);
    }

    function _stake(address who, uint256 amount) internal returns (uint256 stakeId) {
        vm.prank(who);
        stakeId = treasure.stake(amount);
    }

    /// @dev `key` signs an EIP-2612 permit of GETS for the treasure over the token's EIP-712 digest.
    function _signPermit(uint256 key, uint256 value, uint256 deadline)
        internal
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        address owner = vm.addr(key);
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, owner, address(treasure), value, token.nonces(owner), deadline));
        return vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    /// @dev Drops the allowance setUp gave, so only a permit can let the treasure pull tokens.
    function _clearAllowance(address who) internal {
        vm.prank(who);
        token.approve(address(treasure), 0);
    }

    function _allowanceError(uint256 allowance, uint256 needed) internal view returns (bytes memory) {
        return abi.encodeWithSignature(
            "ERC20InsufficientAllowance(address,uint256,uint256)", address(treasure), allowance, needed
        );
    }
}
