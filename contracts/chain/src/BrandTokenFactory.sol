// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {BrandToken} from "./BrandToken.sol";

/// @title Deploys brand tokens and remembers which brand each belongs to
/// @notice The platform's minter key creates tokens, after the platform has verified the brand,
/// and raises a brand's token limit: the subscription plan decides how many tokens a brand may
/// have, and the plan lives on the server. The owner (a cold address or multisig, handed on in
/// two steps) only chooses the minter. Every token gets the minter as its only minter and the
/// admin named at creation as its admin.
contract BrandTokenFactory is Ownable2Step {
    uint256 public constant DEFAULT_TOKEN_LIMIT = 1;

    address public minter;

    mapping(uint256 brandId => address[] tokens) private _tokensOf;
    mapping(uint256 brandId => uint256 limit) private _tokenLimitOf;

    event BrandTokenCreated(
        uint256 indexed brandId,
        address indexed token,
        string name,
        string ticker,
        uint256 cap,
        address admin
    );
    event TokenLimitChanged(uint256 indexed brandId, uint256 limit);
    event MinterChanged(address indexed previousMinter, address indexed newMinter);

    error TokenLimitReached(uint256 brandId, uint256 limit);
    error NotMinter(address account);
    error ZeroMinter();

    modifier onlyMinter() {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        _;
    }

    constructor(address initialOwner, address initialMinter) Ownable(initialOwner) {
        _setMinter(initialMinter);
    }

    /// @notice Replaces the minter for tokens created from now on; existing tokens keep theirs
    /// until their admin grants MINTER_ROLE to the new one (and revokes the old).
    function setMinter(address newMinter) external onlyOwner {
        _setMinter(newMinter);
    }

    function createBrandToken(
        uint256 brandId,
        string calldata name,
        string calldata ticker,
        uint256 cap,
        address admin
    ) external onlyMinter returns (address token) {
        address[] storage tokens = _tokensOf[brandId];
        uint256 limit = tokenLimitOf(brandId);
        if (tokens.length >= limit) revert TokenLimitReached(brandId, limit);

        token = address(new BrandToken(name, ticker, cap, admin, minter));
        tokens.push(token);
        emit BrandTokenCreated(brandId, token, name, ticker, cap, admin);
    }

    function setTokenLimit(uint256 brandId, uint256 limit) external onlyMinter {
        _tokenLimitOf[brandId] = limit;
        emit TokenLimitChanged(brandId, limit);
    }

    /// @return Every token of the brand, oldest first.
    function tokensOf(uint256 brandId) external view returns (address[] memory) {
        return _tokensOf[brandId];
    }

    /// @dev An unset limit reads as the default, so a brand never has to be registered first.
    function tokenLimitOf(uint256 brandId) public view returns (uint256) {
        uint256 limit = _tokenLimitOf[brandId];
        return limit == 0 ? DEFAULT_TOKEN_LIMIT : limit;
    }

    function _setMinter(address newMinter) private {
        if (newMinter == address(0)) revert ZeroMinter();
        emit MinterChanged(minter, newMinter);
        minter = newMinter;
    }
}
