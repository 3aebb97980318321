import { type Address, type Hex, getContractAddress } from "viem";

/** An attestation record's creation code (`PUSH1 1 PUSH1 0 RETURN`: its code is one STOP byte), as `KeyAttestation.sol`'s. */
export const keyAttestationRecordCreationCode: Hex = "0x60016000f3";

export type GetKeyAttestationRecordParameters = {
  /** The key attestor (`getPQ4337Addresses().keyAttestors[scheme]`). */
  keyAttestor: Address;
  /** The key's commitment commitment(E ‖ pk). */
  commitment: Hex;
};

/**
 * Where a key attestor records a commitment: the CREATE2 address with salt = the commitment. Code there means the
 * attestor has proven the expanded key to be its public key's expansion; the lattice verifiers' `keyId` checks it.
 *
 * @example
 * const record = getKeyAttestationRecord({ keyAttestor, commitment: signer.expandedKey.commitment })
 * const attested = (await getCode(client, { address: record })) !== undefined
 */
export function getKeyAttestationRecord({ keyAttestor, commitment }: GetKeyAttestationRecordParameters): Address {
  return getContractAddress({ opcode: "CREATE2", from: keyAttestor, salt: commitment, bytecode: keyAttestationRecordCreationCode });
}
