#!/usr/bin/env node
// Launcher kept outside dist/ so package managers can link the bin before the first build.
import "../dist/cli.js";
