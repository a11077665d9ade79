// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PlatformFixture} from "./PlatformFixture.sol";
import {IBadgeEscrow} from "../../src/IBadgeEscrow.sol";

/// @notice Setup and helpers shared by the BadgeEscrow unit tests (test/BadgeEscrow.*.t.sol), on top
/// of the deployed platform and its actors from PlatformFixture.
abstract contract BadgeEscrowBase is PlatformFixture {
    uint256 internal constant REWARD = 25 ether;
    bytes32 internal ADMIN_ROLE;

    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    function setUp() public virtual override {
        super.setUp();
        ADMIN_ROLE = badges.ADMIN_ROLE();
    }

    function _status(uint256 badgeId) internal view returns (IBadgeEscrow.BadgeStatus) {
        return badges.getBadge(badgeId).status;
    }

    function _statusError(uint256 badgeId, IBadgeEscrow.BadgeStatus status) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IBadgeEscrow.UnexpectedBadgeStatus.selector, badgeId, status);
    }

    function _requestStatusError(uint256 requestId, IBadgeEscrow.RequestStatus status)
        internal
        pure
        returns (bytes memory)
    {
        return abi.encodeWithSelector(IBadgeEscrow.UnexpectedRequestStatus.selector, requestId, status);
    }

    function _ids(uint256 requestId) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](1);
        ids[0] = requestId;
    }

    /// @dev Releases one request's approval as a stranger (anyone may).
    function _release(uint256 requestId) internal {
        vm.prank(stranger);
        badges.releaseExpiredApprovals(_ids(requestId));
    }

    function _pause() internal {
        vm.prank(admin);
        badges.pause();
    }

    function _permit(uint256 value) internal view returns (uint256 deadline, uint8 v, bytes32 r, bytes32 s) {
        deadline = block.timestamp + 1 hours;
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, sponsor, address(badges), value, token.nonces(sponsor), deadline));
        (v, r, s) = vm.sign(SPONSOR_KEY, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }
}
