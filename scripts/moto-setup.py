"""Turns IAM on in a fresh moto server: two users, then every request must be signed.

usage: moto-setup.py ENDPOINT   (run by scripts/moto-server with moto's own python)

Prints `export` lines for the users' keys:
  OBJSH_TEST_MOTO_AUTH_ACCESS_KEY / _SECRET_KEY     user objsh, s3:* on every resource
  OBJSH_TEST_MOTO_DENIED_ACCESS_KEY / _SECRET_KEY   user objsh-denied, no policy at all
"""
import json
import sys
import urllib.request

import boto3

endpoint = sys.argv[1]
# IAM is still off: any keys may create the users.
iam = boto3.client("iam", endpoint_url=endpoint, region_name="us-east-1",
                   aws_access_key_id="setup", aws_secret_access_key="setup")
everything = {"Version": "2012-10-17",
              "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
iam.create_user(UserName="objsh")
iam.put_user_policy(UserName="objsh", PolicyName="s3-everything", PolicyDocument=json.dumps(everything))
allowed = iam.create_access_key(UserName="objsh")["AccessKey"]
iam.create_user(UserName="objsh-denied")
denied = iam.create_access_key(UserName="objsh-denied")["AccessKey"]

# From now on no request goes unchecked (moto's INITIAL_NO_AUTH_ACTION_COUNT = 0).
request = urllib.request.Request(endpoint + "/moto-api/reset-auth", data=b"0", method="POST",
                                 headers={"Content-Type": "text/plain"})
with urllib.request.urlopen(request, timeout=10) as answer:
    if answer.status != 200:
        sys.exit(f"moto-setup: reset-auth answered {answer.status}")

print(f"export OBJSH_TEST_MOTO_AUTH_ACCESS_KEY={allowed['AccessKeyId']}")
print(f"export OBJSH_TEST_MOTO_AUTH_SECRET_KEY={allowed['SecretAccessKey']}")
print(f"export OBJSH_TEST_MOTO_DENIED_ACCESS_KEY={denied['AccessKeyId']}")
print(f"export OBJSH_TEST_MOTO_DENIED_SECRET_KEY={denied['SecretAccessKey']}")
