// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title BRND staking for the premium subscription and the OEM app
/// @notice Staking at least PREMIUM_THRESHOLD BRND makes an account premium. Leaving takes two
/// steps: requestUnstake stops the amount counting at once and starts the unbonding clock,
/// withdraw pays it back after the delay. The delay stops an account from staking just long
/// enough to be checked as premium and leaving straight after.
contract BrndStaking is ReentrancyGuard {
    using SafeERC20 for IERC20;

    uint256 public constant PREMIUM_THRESHOLD = 1_000_000 * 10 ** 18;
    /// @notice Bounds of the unbonding delay: without one premium could be taken and left in a
    /// block; a year is past any sane product rule and guards against a units mistake.
    uint256 public constant MIN_UNBONDING_DELAY = 1 hours;
    uint256 public constant MAX_UNBONDING_DELAY = 365 days;

    IERC20 public immutable brnd;
    uint256 public immutable unbondingDelay;

    struct Unbonding {
        uint256 amount;
        uint256 releaseTime;
    }

    mapping(address account => uint256 amount) public stakedOf;
    mapping(address account => Unbonding) public unbondingOf;
    uint256 public totalStaked;

    event Staked(address indexed account, uint256 amount);
    event UnstakeRequested(address indexed account, uint256 amount, uint256 releaseTime);
    event Withdrawn(address indexed account, uint256 amount);

    error ZeroAmount();
    error InsufficientStake(uint256 staked, uint256 requested);
    error NothingToWithdraw();
    error StillUnbonding(uint256 releaseTime);
    error ZeroToken();
    error UnbondingDelayOutOfRange(uint256 delay);

    constructor(IERC20 brnd_, uint256 unbondingDelay_) {
        if (address(brnd_) == address(0)) revert ZeroToken();
        if (unbondingDelay_ < MIN_UNBONDING_DELAY || unbondingDelay_ > MAX_UNBONDING_DELAY) {
            revert UnbondingDelayOutOfRange(unbondingDelay_);
        }
        brnd = brnd_;
        unbondingDelay = unbondingDelay_;
    }

    function stake(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        stakedOf[msg.sender] += amount;
        totalStaked += amount;
        brnd.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(msg.sender, amount);
    }

    /// @notice A second request adds to the amount still unbonding and restarts its clock, so
    /// one account has one release time to reason about. An amount whose delay has already run
    /// out is paid out first, never locked again.
    function requestUnstake(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 staked = stakedOf[msg.sender];
        if (amount > staked) revert InsufficientStake(staked, amount);

        stakedOf[msg.sender] = staked - amount;
        totalStaked -= amount;
        Unbonding storage unbonding = unbondingOf[msg.sender];
        uint256 matured = 0;
        if (unbonding.amount > 0 && block.timestamp >= unbonding.releaseTime) {
            matured = unbonding.amount;
            unbonding.amount = 0;
        }
        unbonding.amount += amount;
        unbonding.releaseTime = block.timestamp + unbondingDelay;
        emit UnstakeRequested(msg.sender, amount, unbonding.releaseTime);
        if (matured > 0) {
            brnd.safeTransfer(msg.sender, matured);
            emit Withdrawn(msg.sender, matured);
        }
    }

    function withdraw() external nonReentrant {
        Unbonding memory unbonding = unbondingOf[msg.sender];
        if (unbonding.amount == 0) revert NothingToWithdraw();
        if (block.timestamp < unbonding.releaseTime) revert StillUnbonding(unbonding.releaseTime);

        delete unbondingOf[msg.sender];
        brnd.safeTransfer(msg.sender, unbonding.amount);
        emit Withdrawn(msg.sender, unbonding.amount);
    }

    function isPremium(address account) external view returns (bool) {
        return stakedOf[account] >= PREMIUM_THRESHOLD;
    }
}
