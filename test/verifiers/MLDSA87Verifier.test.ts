import { network } from "hardhat";
import { describeMldsaVerifier, mldsa87Case } from "../helpers/mldsaVerifierSuite.js";

describeMldsaVerifier(await network.create(), mldsa87Case);
