// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {BrandToken} from "./BrandToken.sol";

/// @title Deploys brand tokens and remembers which brand each belongs to
/// @notice Only the platform (the owner) creates tokens, after it has verified the brand. A brand
/// gets one token unless the owner raises its limit: the subscription plan decides how many, and
/// the plan lives on the server, so the server raises the limit when the plan allows more.
contract BrandTokenFactory is Ownable {
    uint256 public constant DEFAULT_TOKEN_LIMIT = 1;

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

    error TokenLimitReached(uint256 brandId, uint256 limit);

    constructor(address initialOwner) Ownable(initialOwner) {}

    function createBrandToken(
        uint256 brandId,
        string calldata name,
        string calldata ticker,
        uint256 cap,
        address admin
    ) external onlyOwner returns (address token) {
        address[] storage tokens = _tokensOf[brandId];
        uint256 limit = tokenLimitOf(brandId);
        if (tokens.length >= limit) revert TokenLimitReached(brandId, limit);

        token = address(new BrandToken(name, ticker, cap, admin));
        tokens.push(token);
        emit BrandTokenCreated(brandId, token, name, ticker, cap, admin);
    }

    function setTokenLimit(uint256 brandId, uint256 limit) external onlyOwner {
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
}
