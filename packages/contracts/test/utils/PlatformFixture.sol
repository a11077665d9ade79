// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {TestBase} from "./Vm.sol";
import {PlatformForwarder} from "../../src/PlatformForwarder.sol";
import {GetsToken} from "../../src/GetsToken.sol";
import {PlatformSettings} from "../../src/PlatformSettings.sol";
import {UserRegistry} from "../../src/UserRegistry.sol";
import {BadgeEscrow} from "../../src/BadgeEscrow.sol";
import {BadgeToken} from "../../src/BadgeToken.sol";
import {CommunityTreasure} from "../../src/CommunityTreasure.sol";

/// @notice Deploys the whole platform the way deployPlatform does and gives tests named actors.
abstract contract PlatformFixture is TestBase {
    uint256 internal constant INITIAL_SUPPLY = 1_000_000_000 ether;
    uint256 internal constant FEE = 9 ether;
    uint256 internal constant START = 1_700_000_000;

    uint256 internal constant ADMIN_KEY = 0xA11CE;
    uint256 internal constant RELAYER_KEY = 0xBEEF;
    uint256 internal constant SPONSOR_KEY = 0x5B0;
    uint256 internal constant EARNER_KEY = 0xEA1;
    uint256 internal constant EARNER2_KEY = 0xEA2;

    address internal admin;
    address internal relayer;
    address internal treasury = address(0x7EA5);
    address internal sponsor;
    address internal earner;
    address internal earner2;
    address internal stranger = address(0x5714);

    PlatformForwarder internal forwarder;
    GetsToken internal token;
    PlatformSettings internal settings;
    UserRegistry internal registry;
    BadgeEscrow internal badges;
    BadgeToken internal badgeToken;
    CommunityTreasure internal treasure;

    bytes32 private constant FORWARD_REQUEST_TYPEHASH = keccak256(
        "ForwardRequest(address from,address to,uint256 value,uint256 gas,uint256 nonce,uint48 deadline,bytes data)"
    );

    function setUp() public virtual {
        vm.warp(START);
        admin = vm.addr(ADMIN_KEY);
        relayer = vm.addr(RELAYER_KEY);
        sponsor = vm.addr(SPONSOR_KEY);
        earner = vm.addr(EARNER_KEY);
        earner2 = vm.addr(EARNER2_KEY);

        address[] memory relayers = new address[](1);
        relayers[0] = relayer;
        forwarder = new PlatformForwarder(admin, relayers);
        token = new GetsToken(admin, treasury, INITIAL_SUPPLY, address(forwarder));
        settings = new PlatformSettings(admin, treasury, address(forwarder));
        registry = new UserRegistry(address(forwarder));
        badges = new BadgeEscrow(admin, token, settings, address(forwarder));
        badgeToken = badges.badgeToken();
        treasure = new CommunityTreasure(admin, token, settings, address(forwarder));

        _fund(sponsor, 1_000_000 ether);
        _fund(earner, 1_000 ether);
        _fund(earner2, 1_000 ether);
        _fund(admin, 1_000 ether);
    }

    function _fund(address to, uint256 amount) internal {
        vm.prank(treasury);
        token.transfer(to, amount);
    }

    /// @dev Sponsor approves the escrow and creates a badge expiring in 30 days.
    function _createBadge(bool isPublic, uint256 tokensPerBadge, uint32 count) internal returns (uint256) {
        vm.startPrank(sponsor);
        token.approve(address(badges), tokensPerBadge * count + FEE);
        uint256 badgeId = badges.createBadge(isPublic, tokensPerBadge, count, uint64(block.timestamp + 30 days));
        vm.stopPrank();
        return badgeId;
    }

    /// @dev A badge approved by the admin, open for requests for 20 days.
    function _approvedBadge(bool isPublic, uint256 tokensPerBadge, uint32 count) internal returns (uint256 badgeId) {
        badgeId = _createBadge(isPublic, tokensPerBadge, count);
        vm.prank(admin);
        badges.approveBadge(badgeId, uint64(block.timestamp + 20 days));
    }

    function _request(address who, uint256 badgeId) internal returns (uint256 requestId) {
        vm.prank(who);
        requestId = badges.requestBadge(badgeId);
    }

    function _process(uint256 requestId, bool approve) internal {
        uint256[] memory ids = new uint256[](1);
        ids[0] = requestId;
        bool[] memory approvals = new bool[](1);
        approvals[0] = approve;
        vm.prank(sponsor);
        badges.processRequests(ids, approvals);
    }

    /// @dev An approved request of `who` on a fresh public badge.
    function _approvedRequest(address who, uint256 tokensPerBadge, uint32 count)
        internal
        returns (uint256 badgeId, uint256 requestId)
    {
        badgeId = _approvedBadge(true, tokensPerBadge, count);
        requestId = _request(who, badgeId);
        _process(requestId, true);
    }

    /// @dev Signs an ERC-2771 ForwardRequest for `key`'s account with the forwarder's current nonce.
    function _forwardRequest(uint256 key, address to, bytes memory data)
        internal
        view
        returns (ERC2771Forwarder.ForwardRequestData memory)
    {
        return _forwardRequestWithNonce(key, to, data, forwarder.nonces(vm.addr(key)));
    }

    function _forwardRequestWithNonce(uint256 key, address to, bytes memory data, uint256 nonce)
        internal
        view
        returns (ERC2771Forwarder.ForwardRequestData memory request)
    {
        address from = vm.addr(key);
        uint48 deadline = uint48(block.timestamp + 1 hours);
        bytes32 structHash =
            keccak256(abi.encode(FORWARD_REQUEST_TYPEHASH, from, to, 0, 300_000, nonce, deadline, keccak256(data)));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", _forwarderDomainSeparator(), structHash));
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        request = ERC2771Forwarder.ForwardRequestData({
            from: from,
            to: to,
            value: 0,
            gas: 300_000,
            deadline: deadline,
            data: data,
            signature: abi.encodePacked(r, s, v)
        });
    }

    /// @dev Signs with `key` and submits through the forwarder as the relayer (signing first: the
    /// nonce read is a call, which would otherwise consume the prank).
    function _relay(uint256 key, address to, bytes memory data) internal {
        ERC2771Forwarder.ForwardRequestData memory request = _forwardRequest(key, to, data);
        vm.prank(relayer);
        forwarder.execute(request);
    }

    function _forwarderDomainSeparator() internal view returns (bytes32) {
        return keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("GETS Forwarder"),
                keccak256("1"),
                block.chainid,
                address(forwarder)
            )
        );
    }

    function _accessError(address account, bytes32 role) internal pure returns (bytes memory) {
        return abi.encodeWithSignature("AccessControlUnauthorizedAccount(address,bytes32)", account, role);
    }
}
