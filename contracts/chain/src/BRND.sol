// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title BRND, the platform's utility token
/// @notice The whole supply exists from deployment and sits with the treasury; the sale, rewards
/// and payouts move it from there. Burnable because of the quarterly buyback-and-burn; permit so a
/// holder can approve staking with a signature instead of a separate transaction.
contract BRND is ERC20, ERC20Burnable, ERC20Permit {
    uint256 public constant TOTAL_SUPPLY = 1_000_000_000 * 10 ** 18;

    constructor(address treasury) ERC20("BRND", "BRND") ERC20Permit("BRND") {
        _mint(treasury, TOTAL_SUPPLY);
    }
}
