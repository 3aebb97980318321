import { network } from "hardhat";
import { describeMldsaVerifier, mldsa44Case } from "../helpers/mldsaVerifierSuite.js";

describeMldsaVerifier(await network.create(), mldsa44Case);
