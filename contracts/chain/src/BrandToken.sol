// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlDefaultAdminRules} from
    "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {ERC20Capped} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Capped.sol";
import {ERC20Pausable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";

/// @title A brand's loyalty token
/// @notice Roles are split so that no single key controls everything: the admin (a cold address
/// or multisig) holds DEFAULT_ADMIN_ROLE and PAUSER_ROLE and can grant or revoke MINTER_ROLE; the
/// minter (the platform's hot key for brand tokens, which holds no BRND) can only mint. Handing
/// the admin role on takes two steps and a delay, so a mistyped or stolen transfer can be
/// cancelled. Holders burn tokens when they redeem them. While paused nothing moves: no
/// transfer, mint or burn.
contract BrandToken is ERC20, ERC20Capped, ERC20Burnable, ERC20Pausable, AccessControlDefaultAdminRules {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    /// @notice How long a new admin waits before accepting the role.
    uint48 public constant ADMIN_TRANSFER_DELAY = 2 days;

    error ZeroMinter();

    /// @dev AccessControlDefaultAdminRules refuses a zero admin.
    constructor(string memory name_, string memory ticker, uint256 cap_, address admin, address minter)
        ERC20(name_, ticker)
        ERC20Capped(cap_)
        AccessControlDefaultAdminRules(ADMIN_TRANSFER_DELAY, admin)
    {
        if (minter == address(0)) revert ZeroMinter();
        _grantRole(MINTER_ROLE, minter);
        _grantRole(PAUSER_ROLE, admin);
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function _update(address from, address to, uint256 value)
        internal
        override(ERC20, ERC20Capped, ERC20Pausable)
    {
        super._update(from, to, value);
    }
}
