// Never built: this manifest only exists so that `cargo metadata` fetches falcon-det-sys (see run.sh).
