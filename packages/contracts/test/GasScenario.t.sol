// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {PlatformFixture} from "./utils/PlatformFixture.sol";
import {UserRegistry} from "../src/UserRegistry.sol";
import {IBadgeEscrow} from "../src/IBadgeEscrow.sol";
import {CommunityTreasure} from "../src/CommunityTreasure.sol";
import {GetsToken} from "../src/GetsToken.sol";

/// @notice The platform's main calls, once each in a typical state, for `npm run gas`
/// (forge --gas-report over this contract only, so the figures are not skewed by revert tests:
/// no call here reverts). Calls made through the forwarder are counted under the forwarder's
/// `execute` / `executeBatch`, not under the target's function.
/// Each scenario also asserts the outcome it drives, so it fails when the behaviour breaks. The
/// whole test is one transaction, so state is checked after the measured calls (expected values
/// come from the fixture's known balances) and intermediate outcomes by expected events: reading
/// storage before a measured call would warm it and lower the reported gas.
contract GasScenarioTest is PlatformFixture {
    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant ADMIN_ROLE = keccak256("ADMIN_ROLE");

    /// @dev What the fixture leaves the treasury account: the supply less the funded accounts.
    uint256 private constant TREASURY_START = INITIAL_SUPPLY - 1_003_000 ether;
    uint256 private constant SPONSOR_START = 1_000_000 ether;
    uint256 private constant USER_START = 1_000 ether;

    function _status(uint256 requestId) private view returns (uint8) {
        return uint8(badges.getRequest(requestId).status);
    }

    /// @dev An EIP-2612 permit of GETS signed by `key` for `spender` (nonce 0: a fresh account).
    function _permit(uint256 key, address spender, uint256 value, uint256 deadline)
        private
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, vm.addr(key), spender, value, 0, deadline));
        return vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    function test_gas_badgeLifecycle() public {
        uint256 badgeId = _approvedBadge(true, 25 ether, 5);
        uint256[] memory ids = new uint256[](5);
        bool[] memory approvals = new bool[](5);
        for (uint256 i = 0; i < 5; ++i) {
            ids[i] = _request(address(uint160(0xE000 + i)), badgeId);
            approvals[i] = true;
        }
        uint64 claimDeadline = uint64(block.timestamp + 10 days);
        for (uint256 i = 0; i < 5; ++i) {
            vm.expectEmit(address(badges));
            emit IBadgeEscrow.RequestApproved(ids[i], badgeId, address(uint160(0xE000 + i)), claimDeadline);
        }
        vm.prank(sponsor);
        badges.processRequests(ids, approvals);
        uint256[] memory tokenIds = new uint256[](4);
        for (uint256 i = 0; i < 4; ++i) {
            vm.expectEmit(address(badges));
            emit IBadgeEscrow.BadgeClaimed(ids[i], badgeId, address(uint160(0xE000 + i)), i + 1, 25 ether);
            vm.prank(address(uint160(0xE000 + i)));
            tokenIds[i] = badges.claimBadge(ids[i]);
        }
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeDeleted(badgeId, 0); // every slot approved: the fifth's reward stays theirs
        vm.prank(sponsor);
        badges.deleteBadge(badgeId);
        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(uint8(badge.status), uint8(IBadgeEscrow.BadgeStatus.Deleted));
        vm.assertEq(badge.escrow, 25 ether);
        vm.prank(address(uint160(0xE004)));
        badges.claimBadge(ids[4]); // after the delete, within the claim period

        for (uint256 i = 0; i < 5; ++i) {
            address who = address(uint160(0xE000 + i));
            vm.assertEq(ids[i], i + 1);
            vm.assertEq(token.balanceOf(who), 25 ether);
            vm.assertEq(badgeToken.ownerOf(i + 1), who);
            vm.assertEq(badgeToken.badgeOf(i + 1), badgeId);
            vm.assertEq(_status(ids[i]), uint8(IBadgeEscrow.RequestStatus.Claimed));
        }
        for (uint256 i = 0; i < 4; ++i) vm.assertEq(tokenIds[i], i + 1);
        badge = badges.getBadge(badgeId);
        vm.assertEq(badge.approvedCount, 5);
        vm.assertEq(badge.claimedCount, 5);
        vm.assertEq(badge.escrow + badge.feeHeld, 0);
        vm.assertEq(token.balanceOf(address(badges)), 0);
        vm.assertEq(token.balanceOf(sponsor), SPONSOR_START - 5 * 25 ether - FEE);
        vm.assertEq(token.balanceOf(treasury), TREASURY_START + FEE);
        vm.assertEq(badgeToken.totalMinted(), 5);
    }

    function test_gas_privateBadgeAndBan() public {
        uint256 badgeId = _approvedBadge(false, 10 ether, 3);
        address[] memory earners = new address[](3);
        earners[0] = earner;
        earners[1] = earner2;
        earners[2] = stranger;
        vm.prank(sponsor);
        badges.whitelistEarners(badgeId, earners);
        uint256 requestId = _request(earner, badgeId);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeBanned(badgeId, 30 ether);
        vm.prank(admin);
        badges.banBadge(badgeId);

        for (uint256 i = 0; i < 3; ++i) vm.assertTrue(badges.isWhitelisted(badgeId, earners[i]));
        vm.assertEq(requestId, 1);
        vm.assertEq(badges.getRequest(requestId).earner, earner);
        vm.assertEq(_status(requestId), uint8(IBadgeEscrow.RequestStatus.Pending));
        vm.assertEq(uint8(badges.getBadge(badgeId).status), uint8(IBadgeEscrow.BadgeStatus.Banned));
        vm.assertEq(token.balanceOf(address(badges)), 0);
        vm.assertEq(token.balanceOf(sponsor), SPONSOR_START - FEE); // rewards back, fee kept
        vm.assertEq(token.balanceOf(treasury), TREASURY_START + FEE);
    }

    function test_gas_unapprovedBadgeRemoved() public {
        uint256 badgeId = _createBadge(true, 10 ether, 3);
        vm.warp(block.timestamp + 11 days);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.BadgeRemoved(badgeId, 30 ether + FEE);
        badges.removeUnapprovedBadge(badgeId);

        vm.assertEq(uint8(badges.getBadge(badgeId).status), uint8(IBadgeEscrow.BadgeStatus.Removed));
        vm.assertEq(token.balanceOf(address(badges)), 0);
        vm.assertEq(token.balanceOf(sponsor), SPONSOR_START); // escrow and fee refunded
        vm.assertEq(token.balanceOf(treasury), TREASURY_START);
    }

    function test_gas_releaseExpiredApprovals() public {
        uint256 badgeId = _approvedBadge(true, 25 ether, 4);
        uint256[] memory ids = new uint256[](4);
        bool[] memory approvals = new bool[](4);
        for (uint256 i = 0; i < 4; ++i) {
            ids[i] = _request(address(uint160(0xE000 + i)), badgeId);
            approvals[i] = true;
        }
        vm.prank(sponsor);
        badges.processRequests(ids, approvals);
        vm.prank(address(uint160(0xE000)));
        badges.claimBadge(ids[0]);
        vm.warp(block.timestamp + 10 days + 1);

        uint256[] memory one = new uint256[](1);
        one[0] = ids[1];
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(ids[1], badgeId, address(uint160(0xE001)), 0);
        vm.prank(stranger);
        badges.releaseExpiredApprovals(one);
        uint256[] memory two = new uint256[](2);
        two[0] = ids[2];
        two[1] = ids[3];
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(ids[2], badgeId, address(uint160(0xE002)), 0);
        vm.expectEmit(address(badges));
        emit IBadgeEscrow.ApprovalExpired(ids[3], badgeId, address(uint160(0xE003)), 0);
        vm.prank(stranger);
        badges.releaseExpiredApprovals(two);

        vm.assertEq(_status(ids[0]), uint8(IBadgeEscrow.RequestStatus.Claimed));
        for (uint256 i = 1; i < 4; ++i) {
            vm.assertEq(_status(ids[i]), uint8(IBadgeEscrow.RequestStatus.Expired));
            vm.assertEq(token.balanceOf(address(uint160(0xE000 + i))), 0);
        }
        IBadgeEscrow.Badge memory badge = badges.getBadge(badgeId);
        vm.assertEq(badge.approvedCount, 1);
        vm.assertEq(badge.claimedCount, 1);
        vm.assertEq(badge.escrow, 75 ether); // no token moved: three unpaid rewards stay
        vm.assertEq(badges.availableBadges(badgeId), 3);
        vm.assertEq(token.balanceOf(address(badges)), 75 ether);
        vm.assertEq(token.balanceOf(address(uint160(0xE000))), 25 ether);
        vm.assertEq(token.balanceOf(stranger), 0);
        vm.assertEq(token.balanceOf(sponsor), SPONSOR_START - 100 ether - FEE);
    }

    function test_gas_staking() public {
        vm.startPrank(earner);
        token.approve(address(treasure), 300 ether);
        uint256 first = treasure.stake(100 ether);
        uint256 second = treasure.stake(200 ether);
        vm.warp(block.timestamp + 30 days);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.StakeWithdrawn(first, earner, 100 ether);
        treasure.withdraw(first);
        vm.stopPrank();
        vm.startPrank(admin);
        token.approve(address(treasure), 500 ether);
        treasure.depositTreasury(500 ether);
        treasure.withdrawTreasury(200 ether);
        vm.stopPrank();

        vm.assertEq(first, 1);
        vm.assertEq(second, 2);
        vm.assertTrue(treasure.getStake(first).withdrawn);
        vm.assertFalse(treasure.getStake(second).withdrawn);
        vm.assertEq(treasure.getStake(second).amount, 200 ether);
        vm.assertEq(treasure.totalStaked(), 200 ether);
        vm.assertEq(treasure.stakedBalanceOf(earner), 200 ether);
        vm.assertEq(token.balanceOf(earner), USER_START - 200 ether);
        vm.assertEq(treasure.treasuryBalance(), 300 ether);
        vm.assertEq(token.balanceOf(admin), USER_START - 300 ether);
        vm.assertEq(token.balanceOf(address(treasure)), 500 ether);
    }

    function test_gas_stakeWithPermit() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _permit(EARNER_KEY, address(treasure), 100 ether, deadline);
        vm.prank(earner);
        uint256 direct = treasure.stakeWithPermit(100 ether, deadline, v, r, s);

        // Gas-free: earner2 signs the permit and the forward request, the relayer submits.
        (v, r, s) = _permit(EARNER2_KEY, address(treasure), 50 ether, deadline);
        vm.expectEmit(address(treasure));
        emit CommunityTreasure.Staked(2, earner2, 50 ether, uint64(block.timestamp + 30 days));
        bytes memory data = abi.encodeCall(CommunityTreasure.stakeWithPermit, (50 ether, deadline, v, r, s));
        _relay(EARNER2_KEY, address(treasure), data);

        (v, r, s) = _permit(ADMIN_KEY, address(treasure), 400 ether, deadline);
        vm.prank(admin);
        treasure.depositTreasuryWithPermit(400 ether, deadline, v, r, s);

        vm.assertEq(direct, 1);
        vm.assertEq(treasure.getStake(1).staker, earner);
        vm.assertEq(treasure.getStake(2).staker, earner2);
        vm.assertEq(treasure.stakedBalanceOf(earner), 100 ether);
        vm.assertEq(treasure.stakedBalanceOf(earner2), 50 ether);
        vm.assertEq(treasure.stakedBalanceOf(relayer), 0);
        vm.assertEq(treasure.totalStaked(), 150 ether);
        vm.assertEq(treasure.treasuryBalance(), 400 ether);
        vm.assertEq(token.balanceOf(earner), USER_START - 100 ether);
        vm.assertEq(token.balanceOf(earner2), USER_START - 50 ether);
        vm.assertEq(token.balanceOf(admin), USER_START - 400 ether);
        vm.assertEq(token.balanceOf(address(treasure)), 550 ether);
        vm.assertEq(token.allowance(earner, address(treasure)), 0);
        vm.assertEq(token.nonces(earner), 1);
        vm.assertEq(token.nonces(earner2), 1);
    }

    function test_gas_adminGrantViaForwarder() public {
        address[4] memory targets = [address(token), address(settings), address(badges), address(treasure)];
        bytes memory grant = abi.encodeCall(IAccessControl.grantRole, (ADMIN_ROLE, earner));
        for (uint256 i = 0; i < 4; ++i) {
            vm.expectEmit(targets[i]);
            emit IAccessControl.RoleGranted(ADMIN_ROLE, earner, admin); // the signer, not the forwarder
            _relay(ADMIN_KEY, targets[i], grant);
        }
        vm.prank(earner); // the new admin acts, and manages admins in turn
        token.mint(earner2, 5 ether);
        vm.prank(earner);
        settings.grantRole(ADMIN_ROLE, earner2);
        vm.expectEmit(address(token));
        emit IAccessControl.RoleRevoked(ADMIN_ROLE, earner, admin);
        _relay(ADMIN_KEY, address(token), abi.encodeCall(IAccessControl.revokeRole, (ADMIN_ROLE, earner)));
        vm.prank(admin);
        badges.revokeRole(ADMIN_ROLE, earner);

        vm.assertFalse(token.hasRole(ADMIN_ROLE, earner));
        vm.assertTrue(settings.hasRole(ADMIN_ROLE, earner));
        vm.assertTrue(settings.hasRole(ADMIN_ROLE, earner2));
        vm.assertFalse(badges.hasRole(ADMIN_ROLE, earner));
        vm.assertTrue(treasure.hasRole(ADMIN_ROLE, earner));
        vm.assertTrue(token.hasRole(ADMIN_ROLE, admin));
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY + 5 ether);
        vm.assertEq(token.balanceOf(earner2), USER_START + 5 ether);
        vm.assertEq(forwarder.nonces(admin), 5);
    }

    function test_gas_settings() public {
        vm.startPrank(admin);
        settings.setClaimPeriod(14);
        settings.setApprovalPeriod(7);
        settings.setLockPeriod(60);
        vm.stopPrank();

        vm.assertEq(settings.claimPeriod(), 14);
        vm.assertEq(settings.approvalPeriod(), 7);
        vm.assertEq(settings.lockPeriod(), 60);
    }

    function test_gas_forwardedBatchOfFiveRegistrations() public {
        ERC2771Forwarder.ForwardRequestData[] memory requests = new ERC2771Forwarder.ForwardRequestData[](5);
        for (uint256 i = 0; i < 5; ++i) {
            requests[i] = _forwardRequest(0x1000 + i, address(registry), abi.encodeCall(UserRegistry.register, ()));
        }
        for (uint256 i = 0; i < 5; ++i) {
            vm.expectEmit(address(forwarder));
            emit ERC2771Forwarder.ExecutedForwardRequest(vm.addr(0x1000 + i), 0, true);
        }
        vm.prank(relayer);
        forwarder.executeBatch(requests, payable(relayer));
        _relay(EARNER_KEY, address(registry), abi.encodeCall(UserRegistry.register, ()));
        vm.prank(earner2);
        registry.register();

        for (uint256 i = 0; i < 5; ++i) {
            address user = vm.addr(0x1000 + i);
            vm.assertEq(registry.userIdOf(user), i + 1);
            vm.assertEq(registry.accountOf(i + 1), user);
            vm.assertEq(forwarder.nonces(user), 1);
        }
        vm.assertEq(registry.userIdOf(earner), 6);
        vm.assertEq(registry.userIdOf(earner2), 7);
        vm.assertEq(registry.userIdOf(relayer), 0);
        vm.assertEq(registry.userCount(), 7);
    }

    function test_gas_tokenTransfer() public {
        vm.prank(earner);
        token.transfer(earner2, 1 ether);
        vm.expectEmit(address(token));
        emit GetsToken.Minted(treasury, 1 ether);
        vm.prank(admin);
        token.mint(treasury, 1 ether);

        vm.assertEq(token.balanceOf(earner), USER_START - 1 ether);
        vm.assertEq(token.balanceOf(earner2), USER_START + 1 ether);
        vm.assertEq(token.balanceOf(treasury), TREASURY_START + 1 ether);
        vm.assertEq(token.totalSupply(), INITIAL_SUPPLY + 1 ether);
    }
}
