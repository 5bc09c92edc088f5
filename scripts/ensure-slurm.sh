#!/usr/bin/env bash
# What the Slurm tests need: Debian's Slurm 22.05 (controller, node daemon and the command-line tools), munge and
# python3 (the scheduler hands work folders over with it on the login node). Each test run starts its own private
# cluster (api-server/src/test-support/slurm-cluster.ts).
exec bash "$(dirname "$0")/ensure-debian.sh" slurmctld slurmd slurm-client munge python3
