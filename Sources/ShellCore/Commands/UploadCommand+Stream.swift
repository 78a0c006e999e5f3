import Browser
import Storage
import Transfers

extension UploadCommand {
    /// `upload - NAME`: standard input into one object, with Ctrl-C caught so that an
    /// interrupted stream leaves nothing behind.
    func uploadStandardInput(as name: String, _ context: CommandContext) async throws -> CommandOutcome {
        guard let input = context.settings.streams.dataInput else { throw CommandFailure.standardInputHoldsCommands }
        let target = try context.session.streamUploadTarget(as: name, in: context.place)
        let progress = TransferProgress(streaming: target.objectName)
        let uploader = context.session.uploader(options: options, progress: progress)
        let interrupts = input.interrupts
        let source = DescriptorStream(descriptor: input.descriptor, label: "standard input") { interrupts.isInterrupted }
        let result = try await context.console.withProgress(context.settings.streams.progress || showsProgress ? progress : nil) {
            try await interrupts.cancellingOnInterrupt {
                try await uploader.upload(source, into: target.container, as: target.objectName)
            }
        }
        context.console.writeNote(Self.describe(result))
        return .storeChanged(printPanes: true)
    }
}
