// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title PlatformForwarder
/// @notice OpenZeppelin's ERC-2771 forwarder, restricted to the platform's relayer accounts so
/// that signed user requests are only ever submitted (and paid for) by the platform.
contract PlatformForwarder is ERC2771Forwarder, AccessControl {
    /// @notice Role of the accounts that submit users' signed requests and pay their gas.
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    /// @param admin Account that manages the relayer list (DEFAULT_ADMIN_ROLE).
    /// @param relayers Accounts allowed to submit forwarded requests.
    constructor(address admin, address[] memory relayers) ERC2771Forwarder("GETS Forwarder") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        for (uint256 i = 0; i < relayers.length; ++i) {
            _grantRole(RELAYER_ROLE, relayers[i]);
        }
    }

    /// @notice Executes one signed request; only a relayer may submit it.
    /// @param request The signed ForwardRequest with its signature.
    function execute(ForwardRequestData calldata request) public payable override onlyRole(RELAYER_ROLE) {
        super.execute(request);
    }

    /// @notice Executes many signed requests in one transaction; only a relayer may submit them.
    /// @dev With a non-zero refundReceiver, invalid or failing requests are skipped (see the
    /// ExecutedForwardRequest event's success flag); with address(0) the whole batch reverts.
    /// @param requests The signed requests, executed in order.
    /// @param refundReceiver Receiver of value left over by skipped requests.
    function executeBatch(
        ForwardRequestData[] calldata requests,
        address payable refundReceiver
    ) public payable override onlyRole(RELAYER_ROLE) {
        super.executeBatch(requests, refundReceiver);
    }
}
