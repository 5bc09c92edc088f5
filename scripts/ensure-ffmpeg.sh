#!/usr/bin/env bash
# Debian's ffmpeg (ffprobe with it), which the server uses to measure uploaded videos and transcode them to HLS,
# so the transcoder tests run the real thing.
exec bash "$(dirname "$0")/ensure-debian.sh" ffmpeg
