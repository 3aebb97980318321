import { describeFalconVerifier } from "../helpers/falcon.js";

await describeFalconVerifier(512, "Falcon512Verifier");
