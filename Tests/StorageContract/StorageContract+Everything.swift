extension StorageContract {
    /// Every check in turn, for a second run of the whole contract over another way to
    /// the same server (HTTPS); each check gets a container prefix of its own, as it
    /// would in a test of its own.
    public func checkEverything() async throws {
        let checks: [@Sendable (StorageContract) async throws -> Void] = [
            { try await $0.checkEmptyContainer() },
            { try await $0.checkByteOrderAndAwkwardNames() },
            { try await $0.checkPrefixDelimiterMarkerLimit() },
            { try await $0.checkPagingWithSmallPages() },
            { try await $0.checkNamesEndingInSlash() },
            { try await $0.checkContainerListing() },
            { try await $0.checkManyObjects() },
            { try await $0.checkEndBefore() },
            { try await $0.checkEndBeforeInByteOrder() },
            { try await $0.checkParallelListingMatchesSequential() },
            { try await $0.checkParallelListingOfManyObjects() },
            { try await $0.checkNamesOnlyListing() },
            { try await $0.checkNamesOnlyParallelListing() },
            { try await $0.checkPutAndMD5() },
            { try await $0.checkInfoOfEachKind() },
            { try await $0.checkMissingThings() },
            { try await $0.checkReadWholeRangesAndIfMatch() },
            { try await $0.checkDeleteObjectsAndContainers() },
            { try await $0.checkLargeUploadResumeAndDelete() },
            { try await $0.checkStreamUploadAndAbort() },
            { try await $0.checkServerSideCopy() },
            { try await $0.checkMetadataUpdate() },
            { try await $0.checkVersions() },
        ]
        for check in checks {
            var fresh = fixture
            fresh.containerPrefix = ContractFixture.uniquePrefix()
            try await check(StorageContract(store: store, fixture: fresh))
        }
    }
}
