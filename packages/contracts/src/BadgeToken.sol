// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title BadgeToken
/// @notice Soul-bound ERC-721 proof of a claimed badge. Deployed by BadgeEscrow, which is its only
/// minter; tokens can be minted but never transferred or approved.
contract BadgeToken is ERC721 {
    /// @notice The BadgeEscrow that deployed this token and alone may mint.
    address public immutable minter;

    uint256 private _totalMinted;
    mapping(uint256 tokenId => uint256 badgeId) private _badgeOf;

    /// @notice Badge tokens cannot be transferred or approved.
    error Soulbound();
    /// @notice Only the minter (the BadgeEscrow) may mint.
    error NotMinter(address caller);

    constructor() ERC721("GETS Badge", "GETSB") {
        minter = msg.sender;
    }

    /// @notice Mints the next badge token to an earner.
    /// @param to The earner.
    /// @param badgeId The badge (batch) the token proves.
    /// @return tokenId The new token id, counting from 1.
    function mint(address to, uint256 badgeId) external returns (uint256 tokenId) {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        tokenId = ++_totalMinted;
        _badgeOf[tokenId] = badgeId;
        _mint(to, tokenId);
    }

    /// @notice The badge a token proves; 0 for a token that does not exist.
    /// @param tokenId The token id.
    function badgeOf(uint256 tokenId) external view returns (uint256) {
        return _badgeOf[tokenId];
    }

    /// @notice Number of badge tokens minted so far (also the latest token id).
    function totalMinted() external view returns (uint256) {
        return _totalMinted;
    }

    /// @notice Always reverts: badge tokens are soul-bound.
    function approve(address, uint256) public pure override {
        revert Soulbound();
    }

    /// @notice Always reverts: badge tokens are soul-bound.
    function setApprovalForAll(address, bool) public pure override {
        revert Soulbound();
    }

    /// @dev Every transfer goes through here; only mints (from the zero address) pass.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (_ownerOf(tokenId) != address(0)) revert Soulbound();
        return super._update(to, tokenId, auth);
    }
}
