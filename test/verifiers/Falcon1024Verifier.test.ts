import { describeFalconVerifier } from "../helpers/falcon.js";

await describeFalconVerifier(1024, "Falcon1024Verifier");
